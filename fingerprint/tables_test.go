package fingerprint

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// Rows of two different tables of one shape, whose rows have values or
// names of their own, are not a renamed clone; a copy of a table, its
// receiver renamed, or a name or value changed in a row or two, still is.
func TestTablesOfOneShapeAreNotRenamedClones(t *testing.T) {
	prologue := map[string]string{
		"opA": "for a > 100 {\n\t\ta -= 100\n\t}",
		"opB": "if a < 0 {\n\t\tpanic(a)\n\t}",
		"tx":  "cpy := &tx{}",
		"t":   "cpy := new(tx)\n\tcpy.init()",
	}
	// opcodes writes a switch of case rows: name, then the row's numbers.
	// Code of other shapes around the rows keeps the functions apart.
	opcodes := func(fn string, rows ...string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "func %s(a int) uint32 {\n\t%s\n\tswitch a {\n", fn, prologue[fn])
		for _, r := range rows {
			var name string
			var x, y, z int
			fmt.Sscanf(r, "%s %d %d %d", &name, &x, &y, &z)
			fmt.Fprintf(&b, "\tcase %s:\n\t\treturn op(%d, %d, %d, 0)\n", name, x, y, z)
		}
		b.WriteString("\t}\n\treturn 0\n}\n")
		return b.String()
	}
	rowsA := []string{"ADIV 31 491 0", "ADIVCC 31 491 1", "ADIVU 31 459 0", "ADIVUCC 31 459 1", "AREM 31 489 0", "AREMCC 31 489 1", "AREMU 31 457 0", "AREMUCC 31 457 1"}
	rowsB := []string{"AMOVB 34 0 0", "AMOVBU 35 0 0", "AFMOVD 50 0 0", "AFMOVDU 51 0 0", "AFMOVS 48 0 0", "AFMOVSU 49 0 0", "AMOVH 42 0 0", "AMOVHU 43 0 0"}
	rowsC := []string{"ADIVX 31 491 0", "ADIVXCC 31 491 1", "ADIVXU 31 459 0", "ADIVXUCC 31 459 1", "AREMX 31 489 0", "AREMXCC 31 489 1", "AREMXU 31 457 0", "AREMXUCC 31 457 1"}
	rowsD := append([]string{"AQUO 31 491 0", "ADIVCC 31 492 1"}, rowsA[2:]...)
	// copyTx writes a nil check and copy per field, as a deep copy does.
	copyTx := func(recv string, fields ...string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "func (%s *tx) copy() *tx {\n\t%s\n", recv, prologue[recv])
		for _, f := range fields {
			fmt.Fprintf(&b, "\tif %s.%s != nil {\n\t\tcpy.%s.Set(%s.%s)\n\t}\n", recv, f, f, recv, f)
		}
		b.WriteString("\treturn cpy\n}\n")
		return b.String()
	}
	opt := opts()
	opt.MinTokens = 50
	for _, tc := range []struct {
		name string
		a, b string
		want []string
	}{
		{"two opcode tables", opcodes("opA", rowsA...), opcodes("opB", rowsB...), nil},
		{"two opcode tables of the same values", opcodes("opA", rowsA...), opcodes("opB", rowsC...), nil},
		{"an opcode table copied, a name and a value changed", opcodes("opA", rowsA...), opcodes("opB", rowsD...),
			[]string{"renamed a.go:7-25 b.go:7-25"}},
		{"nil checks of other fields", copyTx("tx", "Value", "ChainID", "GasPrice", "V", "R"),
			copyTx("tx", "Nonce", "GasTipCap", "GasFeeCap", "BlobFee", "Gas"), nil},
		{"nil checks copied, the receiver renamed", copyTx("tx", "Value", "ChainID", "GasPrice", "V", "R"),
			copyTx("t", "Value", "ChainID", "GasPrice", "V", "R"), []string{"renamed a.go:5-20 b.go:6-21"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := describe(detect(t, opt, map[string]string{"a.go": "package p\n\n" + tc.a, "b.go": "package q\n\n" + tc.b}))
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("classes:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// Near-miss candidates that are rows of two different tables of one
// shape, most rows with values of their own, are not near-miss clones: a
// switch from each condition to its negation and one to its inverse, or
// two opcode tables of which one has a row more. A table copied with a
// row changed and one added still is.
func TestTablesOfOneShapeAreNotNearClones(t *testing.T) {
	conds := func(fn string, pairs ...string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "func %s(op Op) Op {\n\tswitch op {\n", fn)
		for i := 0; i+1 < len(pairs); i += 2 {
			fmt.Fprintf(&b, "\tcase %s:\n\t\treturn %s\n", pairs[i], pairs[i+1])
		}
		b.WriteString("\tcase Invalid, Unknown:\n\t\tpanic(op)\n\t}\n\tpanic(\"unreachable\")\n}\n")
		return b.String()
	}
	negate := []string{"Less", "GreaterEqual", "LessU", "GreaterEqualU", "Greater", "LessEqual", "GreaterU", "LessEqualU",
		"LessEqual", "Greater", "LessEqualU", "GreaterU", "GreaterEqual", "Less", "GreaterEqualU", "LessU", "Equal", "NotEqual", "NotEqual", "Equal"}
	invert := []string{"Less", "Greater", "LessU", "GreaterU", "Greater", "Less", "GreaterU", "LessU",
		"LessEqual", "GreaterEqual", "LessEqualU", "GreaterEqualU", "GreaterEqual", "LessEqual", "GreaterEqualU", "LessEqualU", "Equal", "Equal", "NotEqual", "NotEqual"}
	edited := append(append([]string(nil), negate[:2]...), "LessU", "LessU")
	edited = append(append(edited, negate[4:]...), "Overflow", "NoOverflow")
	more := append(append([]string(nil), invert...), "Overflow", "NoOverflow")
	opt := opts()
	opt.MinTokens, opt.Near, opt.Similarity = 50, true, 0.8
	for _, tc := range []struct {
		name string
		a, b string
		near bool
	}{
		{"negation and inverse", conds("negate", negate...), conds("invert", more...), false},
		{"a table copied, a row changed and one added", conds("negate", negate...), conds("negate2", edited...), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := describe(detect(t, opt, map[string]string{"a.go": "package p\n\n" + tc.a, "b.go": "package q\n\n" + tc.b}))
			if near := len(got) == 1 && strings.HasPrefix(got[0], "near "); near != tc.near || !near && len(got) > 0 {
				t.Errorf("classes %q, want a near-miss class: %v", got, tc.near)
			}
		})
	}
}
