package hostile

import (
	"bytes"
	"fmt"
	"strings"
)

// The generators below write the pathological Go code of the engine's
// cases: each returns source that parses, sized by its argument, so that
// the tests run them small and the benchmark at the size that once took
// minutes.

// NestedIfs returns one function with depth nested if statements, each
// holding a statement before the next.
func NestedIfs(depth int) []byte {
	return genNested(depth, "if x > 0 {", "}")
}

// NestedBlocks returns one function with depth nested blocks, each
// holding a statement before the next.
func NestedBlocks(depth int) []byte {
	return genNested(depth, "{", "}")
}

// NestedFuncLits returns one function with depth nested function
// literals, each called at once and holding a statement before the next.
func NestedFuncLits(depth int) []byte {
	return genNested(depth, "func() {", "}()")
}

func genNested(depth int, open, close string) []byte {
	var b bytes.Buffer
	b.WriteString("package p\n\nvar x int\n\nfunc f() {\n")
	for range depth {
		b.WriteString(open)
		b.WriteString("\nx++\n")
	}
	for range depth {
		b.WriteString(close)
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// RepeatedStatements returns one function of lines statements, drawn
// from four stmtShapes by a fixed pseudo-random sequence, so that runs of a
// dozen statements recur here and there.
func RepeatedStatements(lines int) []byte {
	return genStatements(lines, 4)
}

// ClonePairs is RepeatedStatements with three stmtShapes: in a million lines,
// runs of a dozen statements recur often enough to make tens of thousands
// of clone pairs inside one function.
func ClonePairs(lines int) []byte {
	return genStatements(lines, 3)
}

func genStatements(lines int, kinds uint64) []byte {
	var b bytes.Buffer
	b.WriteString("package p\n\nvar x, y, z int\n\nfunc f() {\n")
	r := uint32(1)
	for range lines {
		r = lcg(r)
		b.WriteString(stmtShapes[uint64(r)*kinds>>32])
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// lcg is the pseudo-random sequence's next number after r.
func lcg(r uint32) uint32 { return r*1664525 + 1013904223 }

var stmtShapes = [...]string{
	"x = y + 1\n",
	"y = z * x\n",
	"z = f(x, y)\n",
	"if x > y { x = y }\n",
}

// copyBody is the body of the function that the copy generators repeat:
// 30 lines with its signature, about 150 canonical tokens.
var copyBody = []string{
	"total := 0",
	"for i := 0; i < len(xs); i++ {",
	"	if xs[i] < 0 {",
	"		continue",
	"	}",
	"	total += xs[i] * scale",
	"}",
	"count := len(xs)",
	"if count == 0 {",
	"	return 0, errEmpty",
	"}",
	"mean := total / count",
	"spread := 0",
	"for _, v := range xs {",
	"	d := v - mean",
	"	spread += d * d",
	"}",
	"if spread > limit {",
	"	log.Printf(\"spread %d over %d\", spread, limit)",
	"	spread = limit",
	"}",
	"result := mean + spread/count",
	"cache[key] = result",
	"return result, nil",
}

// Copies returns n copies of one 30-line function spread over files
// files, each copy with its own name.
func Copies(n, files int) map[string][]byte {
	out := map[string][]byte{}
	per := (n + files - 1) / files
	for f := 0; f < files; f++ {
		var b bytes.Buffer
		b.WriteString(copyHeader)
		for i := f * per; i < min(n, (f+1)*per); i++ {
			fmt.Fprintf(&b, "\nfunc copy%d(xs []int, scale, limit int, key string) (int, error) {\n", i)
			writeCopyBody(&b)
		}
		out[fmt.Sprintf("copies%04d.go", f)] = b.Bytes()
	}
	return out
}

// writeCopyBody writes copyBody and the closing brace.
func writeCopyBody(b *bytes.Buffer) {
	for _, l := range copyBody {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
}

const copyHeader = "package p\n\nimport (\n\t\"errors\"\n\t\"log\"\n)\n\nvar errEmpty = errors.New(\"empty\")\n\nvar cache = map[string]int{}\n"

// NearIdentical returns one file of n functions, each the function of
// Copies with up to three small edits of its own, so that every two are
// near-miss clones and no two are exact or renamed ones (for n up to
// 5,000).
func NearIdentical(n int) []byte {
	var b bytes.Buffer
	b.WriteString(copyHeader)
	for i := range n {
		fmt.Fprintf(&b, "\nfunc near%d(xs []int, scale, limit int, key string) (int, error) {\n", i)
		p1, p2, extra := i%len(copyBody), (i/len(copyBody))%len(copyBody), i/(len(copyBody)*len(copyBody))
		for j, l := range copyBody {
			b.WriteString(l)
			b.WriteByte('\n')
			if j == p1 {
				b.WriteString("total++\n")
			}
			if j == p2 {
				b.WriteString("scale = scale * 2\n")
			}
		}
		b.WriteString("_ = total")
		for range extra {
			b.WriteString(" + scale")
		}
		b.WriteString("\n}\n")
	}
	return b.Bytes()
}

// ManyStrings returns one function, of a compound name, that lists n
// strings, each a compound name no code uses ("someName17"), as tables of
// names and generated lists do: drift analysis asks of each whether its
// function uses that name, which once meant a scan of the function a
// string (14.5 s for 100,000, the parse 0.03 s).
func ManyStrings(n int) []byte {
	var b bytes.Buffer
	b.WriteString("package p\n\nfunc listNames() []string {\n\treturn []string{\n")
	for i := range n {
		fmt.Fprintf(&b, "\t\t\"someName%d\",\n", i)
	}
	b.WriteString("\t}\n}\n")
	return b.Bytes()
}

// LongNameStrings is ManyStrings' list of n strings in a function of a
// name of 2n letters (fnaaa…aX): the Indexer asks of each string whether
// the name holds it, and searched the whole name each time (n = 100,000,
// 2.09 MB: 35.9 s to index, the parse 0.05 s).
func LongNameStrings(n int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "package p\n\nfunc fn%sX() []string {\n\treturn []string{\n", strings.Repeat("a", 2*n))
	for i := range n {
		fmt.Fprintf(&b, "\t\t\"someName%d\",\n", i)
	}
	b.WriteString("\t}\n}\n")
	return b.Bytes()
}

// RenamedCopies returns two copies of RepeatedStatements' function of n
// statements, the second with one name changed in one statement past
// the middle ("x = z + 1" for "x = y + 1"), which breaks the renaming
// there: each window before it grows to the function's start and to that
// statement, and each after it from there to the end, and every window
// of a half grew into the same pair on its own (two copies of 20,000
// statements of another shape took 58 s, the parse 0.2 s).
func RenamedCopies(n int) []byte {
	body := RepeatedStatements(n)
	copied := bytes.Replace(body[bytes.Index(body, []byte("func f() {")):], []byte("func f()"), []byte("func g()"), 1)
	mid := len(copied) / 2
	at := mid + bytes.Index(copied[mid:], []byte("x = y + 1\n"))
	copied[at+len("x = ")] = 'z'
	return append(append(body, '\n'), copied...)
}

// NestedCopies returns two copies of one function of depth nested if
// statements, each level its own literal ("if a > 17 {", "a += 17"), the
// second with the literal of the middle level changed: a near-miss pair
// whose every statement holds all those below it, so that a step that
// reads each statement of the copies reads depth²/2 tokens (two copies of
// 30,000 levels, 1.7 MB, took 35 s, the parse 0.1 s).
func NestedCopies(depth int) []byte { return NestedIf.Copies(depth) }

// A NestedShape is a statement nested in itself, level by level: the
// parameters of the function holding it, the opening of a level (a
// format of the level and of its value) and its closing.
type NestedShape struct{ params, open, close string }

// The shapes of NestedShape.Copies. Each level of a switch is a window
// of its own (the level's statement and the switch after it), which
// holds all the levels below it, and its twin's in the other copy, so
// that confirming the windows by their tokens' blake3 sums hashed depth²
// bytes (two copies of 40,000 levels, 3.0 MB, took 15 s of CPU, the
// parse 0.3 s); so did the other shapes.
var (
	NestedIf     = NestedShape{"a int", "if a > %d {\na += %d\n", "}\n"}
	NestedSwitch = NestedShape{"a int", "switch {\ncase a > %d:\na += %d\n", "}\n"}
	NestedFor    = NestedShape{"a int", "for a > %d {\na += %d\n", "}\n"}
	// NestedSelect's one case sends the level's literal.
	NestedSelect = NestedShape{"a int, ch chan int", "select {\ncase ch <- %d:\na += %d\n", "}\n"}
	NestedBlock  = NestedShape{"a int", "{\na += %[2]d\n", "}\n"}
	// NestedClosure's levels are function literals called at once.
	NestedClosure = NestedShape{"a int", "func() {\na += %[2]d\n", "}()\n"}
	// NestedLiteralClosure's are function literals in a composite
	// literal, called at once: the near-miss pair of a copy and a block
	// of the other, its tokens a brace less deep, differs in every token
	// drift analysis aligns (their braces' depth marked), and the
	// alignment took the square of the depth in memory (two copies of
	// 2,000 levels, 142 KB: 6.4 GB).
	NestedLiteralClosure = NestedShape{"a int", "[]func(){func() {\na += %[2]d\n", "}}[0]()\n"}
	// NestedField's levels each test a field and add one: the level's
	// own, but at the middle level of the second copy, where it adds the
	// next level's, a crossed operand (drift analysis's
	// crossedOperands), whose links are found in every body.
	NestedField = NestedShape{"x T, a int", "if x.f%[1]d > 0 {\na += x.f%[2]d\n", "}\n"}
)

// Copies returns two copies of one function of depth nested levels of
// the shape, each level its own literal, the second copy with the
// literal of the middle level changed.
func (s NestedShape) Copies(depth int) []byte {
	return twoCopies(depth, "("+s.params+") int {\n", strings.Repeat(s.close, depth)+"return a\n}\n", func(b *bytes.Buffer, i, v int) {
		fmt.Fprintf(b, s.open, i, v)
	})
}

// ElseIfCopies returns two copies of one function holding a chain of n
// else ifs ("} else if a == 17 {", "a += 17"), the second with the
// middle one's value changed.
func ElseIfCopies(n int) []byte {
	return twoCopies(n, "(a int) int {\nif a < 0 {\na = 0\n", "}\nreturn a\n}\n", func(b *bytes.Buffer, i, v int) {
		fmt.Fprintf(b, "} else if a == %d {\na += %d\n", i, v)
	})
}

// NestedLiteralCopies returns two copies of one function returning a
// composite literal nested depth deep ("[]any{a + 17, []any{a + 18, …}}"),
// a level a line, the second with the middle level's value changed.
func NestedLiteralCopies(depth int) []byte {
	end := "nil,\n" + strings.Repeat("},\n", depth-1) + "}\n}\n"
	return twoCopies(depth, "(a int) []any {\nreturn ", end, func(b *bytes.Buffer, _, v int) {
		fmt.Fprintf(b, "[]any{a + %d,\n", v)
	})
}

// twoCopies writes two functions, f and g, each its name followed by
// head, n levels written by level(b, i, v) and end; v is the level's
// value, i but at the middle level of g, where it is one more.
func twoCopies(n int, head, end string, level func(b *bytes.Buffer, i, v int)) []byte {
	var b bytes.Buffer
	b.WriteString("package p\n")
	for copy, name := range []string{"f", "g"} {
		fmt.Fprintf(&b, "\nfunc %s%s", name, head)
		for i := range n {
			v := i
			if copy == 1 && i == n/2 {
				v++
			}
			level(&b, i, v)
		}
		b.WriteString(end)
	}
	return b.Bytes()
}

// ManyClasses returns one file of n pairs of functions, the two of a
// pair the same 30 statements drawn from stmtShapes by a sequence of
// their own: n classes of two copies in one file, each compared, to
// leave out classes inside others, with every copy of its file (20,000
// took 13 s, the parse 2 s).
func ManyClasses(n int) []byte {
	return classPairs(n, func(b *bytes.Buffer, i, copy int) {
		fmt.Fprintf(b, "\nfunc f%d%s() {\n", i, []string{"a", "b"}[copy])
	})
}

// VariantClasses is ManyClasses with the two functions of a pair named
// for two variants, compactor17 and converter17, each saying its own in
// a string and both the first's in another, as a copy made for another
// variant does: drift analysis asks of each class the words of its
// copies' functions (variantSlips), whose declarations it looked for
// among all the units of the file (20,000 pairs took 64 s, the parse
// 1.6 s).
func VariantClasses(n int) []byte {
	return classPairs(n, func(b *bytes.Buffer, i, copy int) {
		variant := []string{"compactor", "converter"}[copy]
		fmt.Fprintf(b, "\nfunc %s%d() {\n\tlog(\"%s ready\")\n\tlog(\"cannot start the compactor\")\n", variant, i, variant)
	})
}

// classPairs returns one file of n pairs of functions, the two of a
// pair the same 30 statements drawn from stmtShapes by a sequence of
// their own, each function opened by open.
func classPairs(n int, open func(b *bytes.Buffer, i, copy int)) []byte {
	var b bytes.Buffer
	b.WriteString("package p\n\nvar x, y, z int\n")
	for i := range n {
		for copy := range 2 {
			open(&b, i, copy)
			r := uint32(i)*2654435761 + 1
			for range 30 {
				r = lcg(r)
				b.WriteString(stmtShapes[uint64(r)*uint64(len(stmtShapes))>>32])
			}
			b.WriteString("}\n")
		}
	}
	return b.Bytes()
}

// LackedGuards returns two copies of one function of n statements, each
// statement declaring a name of its own from the two before it, the
// second copy with a guard on a name before every 250th statement: steps
// the first copy lacks, each of which drift analysis weighs against the
// names of both copies (two copies of 50,000 statements of another shape
// with 150 guards took 9 s, the parse 0.3 s).
func LackedGuards(n int) []byte {
	var b bytes.Buffer
	b.WriteString("package p\n\nfunc f(a, b int) int { return a - b }\n")
	for c, name := range []string{"first", "second"} {
		fmt.Fprintf(&b, "\nfunc %s(v0 int) int {\n", name)
		r := uint32(1)
		for i := 1; i < n; i++ {
			if r = lcg(r); c == 1 && i%250 == 125 {
				fmt.Fprintf(&b, "\tif v%d > 0 {\n\t\treturn 0\n\t}\n", i-1)
			}
			fmt.Fprintf(&b, guardedShapes[r>>30], i, i-1, max(i-2, 0))
		}
		b.WriteString("\treturn v0\n}\n")
	}
	return b.Bytes()
}

// LengthGuards returns two copies of one function of n statements, as
// LackedGuards's, with a guard before every 250th, the statement after
// it reading s[0]: in the first copy the guard tests the length of s
// (if len(s) != 1), in the second something else, the second taking the
// length of s once at its top. Each guard of the first is weighed
// against the indexes of s after it and the second copy's calls of len:
// looked for to the end of the copy at each guard, and the second's
// calls of len at each index, n²/250 steps.
func LengthGuards(n int) []byte {
	var b bytes.Buffer
	b.WriteString("package p\n\nfunc f(a, b int) int { return a - b }\n")
	for c, name := range []string{"first", "second"} {
		fmt.Fprintf(&b, "\nfunc %s(s []int, v0 int) int {\n", name)
		if c == 1 {
			b.WriteString("\tv0 += len(s)\n")
		}
		r := uint32(1)
		for i := 1; i < n; i++ {
			r = lcg(r)
			guard := i%250 == 125
			if guard {
				fmt.Fprintf(&b, "\tif %s {\n\t\treturn 0\n\t}\n", [2]string{"len(s) != 1", "v0 < 0"}[c])
			}
			fmt.Fprintf(&b, guardedShapes[r>>30], i, i-1, max(i-2, 0))
			if guard {
				fmt.Fprintf(&b, "\tv%d += s[0]\n", i)
			}
		}
		b.WriteString("\treturn v0\n}\n")
	}
	return b.Bytes()
}

var guardedShapes = [...]string{
	"\tv%d := v%d + v%d\n",
	"\tv%d := f(v%d, v%d)\n",
	"\tv%d := v%d*2 - v%d\n",
	"\tv%d := []int{v%d, v%d}[0]\n",
}

// DriftedCopies returns n copies of Copies' function in files files,
// every other one without its guard on an empty list: one near-miss
// class of all the copies, drifted, and a renamed class of each half
// inside it, whose copies were each compared with every copy of the
// near-miss class (8,000 copies of a smaller function: 1.9 s, the parse
// 0.15 s).
func DriftedCopies(n, files int) map[string][]byte {
	out := Copies(n, files)
	guard := []byte("if count == 0 {\n\treturn 0, errEmpty\n}\n")
	for name, src := range out {
		var b bytes.Buffer
		for i, fn := range bytes.SplitAfter(src, []byte("\nfunc ")) {
			if i%2 == 1 {
				fn = bytes.Replace(fn, guard, nil, 1)
			}
			b.Write(fn)
		}
		out[name] = b.Bytes()
	}
	return out
}

// VariantWords returns two copies of Copies' function named for two
// variants, compactorRun and converterRun, each saying in a string of n
// words its own variant's word n times and in another the first's:
// drift analysis looked each word of the one string up in the other
// word by word (two strings of 64,000 words took 6.7 s, the parse 0.01
// s).
func VariantWords(n int) []byte {
	var b bytes.Buffer
	b.WriteString(copyHeader)
	for _, variant := range []string{"compactor", "converter"} {
		fmt.Fprintf(&b, "\nfunc %sRun(xs []int, scale, limit int, key string) (int, error) {\n\tlog.Print(\"%s\")\n\tlog.Print(\"cannot start the compactor\")\n",
			variant, strings.TrimSpace(strings.Repeat(variant+" ", n)))
		writeCopyBody(&b)
	}
	return b.Bytes()
}

// NamingCopies returns n copies of Copies' function in files files,
// each logging 20 messages and one naming its own function ("copy17
// failed"): one class of n copies, each string of which was looked up in
// every other copy for one whose function it names (8,000 copies of 20
// strings: 5.9 s, the parse 0.29 s).
func NamingCopies(n, files int) map[string][]byte {
	out := Copies(n, files)
	for name, src := range out {
		var b bytes.Buffer
		for i, fn := range bytes.SplitAfter(src, []byte("\nfunc ")) {
			if i == 0 {
				b.Write(fn)
				continue
			}
			open := bytes.Index(fn, []byte("{\n")) + 2
			b.Write(fn[:open])
			fmt.Fprintf(&b, "\tlog.Print(\"%s failed\")\n", fn[:bytes.IndexByte(fn, '(')])
			for m := range 20 {
				fmt.Fprintf(&b, "\tlog.Printf(\"step %d of %%d\", len(xs))\n", m)
			}
			b.Write(fn[open:])
		}
		out[name] = b.Bytes()
	}
	return out
}

// VariantLists returns two copies of ManyStrings' function, of n
// strings, named for two variants (compactorNames, converterNames), each
// list opening with a string naming its own variant: drift analysis
// compares the values of the strings matched between the copies, and
// counted each one's from its statement's start (40,000 strings: 3.2 s,
// the parse 0.03 s).
func VariantLists(n int) []byte {
	const header = "package p\n"
	list := ManyStrings(n)[len(header):]
	b := bytes.NewBufferString(header)
	for _, variant := range []string{"compactor", "converter"} {
		open := fmt.Sprintf("func %sNames() []string {\n\treturn []string{\n\t\t\"%s ready\",\n", variant, variant)
		b.Write(bytes.Replace(list, []byte("func listNames() []string {\n\treturn []string{\n"), []byte(open), 1))
	}
	return b.Bytes()
}

// LongNames returns three functions of names of about n bytes, each with
// ten strings that the Indexer asks whether they name the function: one
// whose name, fnaaa…a, holds nearly each string's bare name (aaa…ab, half
// as long) in any case; one whose name, a1a1…a1, each string holds at
// every other offset (a1a1…a1b, twice as long); and one whose name has
// n/2 digit parts (A0B0C0…), each string of n/3 words. The first
// was compared at each offset of the name, the second looked for again
// from each offset, and each part of the third looked for in each string
// (names of 40,000 bytes: 3.3 s, the parse 0.01 s).
func LongNames(n int) []byte {
	var parts strings.Builder
	for i := range n / 2 {
		fmt.Fprintf(&parts, "%c%d", 'A'+i%26, i/26%10)
	}
	var b bytes.Buffer
	b.WriteString("package p\n")
	for _, f := range []struct{ name, lit string }{
		{"fn" + strings.Repeat("a", n), strings.Repeat("a", n/2) + "b"},
		{strings.Repeat("a1", n/2), strings.Repeat("a1", n) + "b"},
		{"f" + parts.String(), strings.Repeat("zz ", n/3)},
	} {
		fmt.Fprintf(&b, "\nfunc %s() {\n", f.name)
		for i := range 10 {
			fmt.Fprintf(&b, "\t_ = \"%s%d\"\n", f.lit, i)
		}
		b.WriteString("}\n")
	}
	return b.Bytes()
}

// RenamedLiteral returns two copies of a function whose parameter,
// renamed in the second (alpha, beta), stands n times in a composite
// literal, the second copy with a guard on it that the first lacks:
// drift analysis weighs each name the paste renamed, asking whether it
// is declared there or stands in the signature, and each name of the
// literal read on to the literal's end and back to its start (40,000:
// 4.1 s, the parse 0.02 s).
func RenamedLiteral(n int) []byte {
	fn := "\nfunc fNUM(alpha, other int) int {\nGUARD\txs := []int{" + strings.Repeat("alpha, ", n) + "}\n" +
		"\ta, b, c, d := alpha, alpha+1, alpha+2, other\n\ttotal := 0\n\tfor i := 0; i < len(xs); i++ {\n\t\ttotal += xs[i] * a * b\n\t}\n\treturn total + c + d\n}\n"
	first := strings.NewReplacer("NUM", "0", "GUARD", "").Replace(fn)
	second := strings.NewReplacer("NUM", "1", "alpha", "beta", "GUARD", "\tif beta < 0 {\n\t\treturn 0\n\t}\n").Replace(fn)
	return []byte("package p\n" + first + second)
}

// ConstantSlips returns two copies of a function whose one statement
// names 2n members of a package and a message: e0, o0, e1, o1, … in the
// first, e0, e0, e1, e1, … in the second (with a guard the first lacks,
// so that the two are a near-miss pair), each odd member a constant the
// second copy names for two of the first's (drift analysis's step
// constant): each of the n slips asks whether its statement is the
// same in both copies, a statement of all the members.
func ConstantSlips(n int) []byte {
	var first, second strings.Builder
	for i := range n {
		fmt.Fprintf(&first, "k.E%d, k.O%d, ", i, i)
		fmt.Fprintf(&second, "k.E%d, k.E%d, ", i, i)
	}
	fn := "\nfunc fNUM(x int) int {\nGUARD\tuse(\"the message\", MEMBERS)\n\ta, b := x, x+1\n\tfor i := 0; i < b; i++ {\n\t\ta += i * b\n\t}\n\treturn a\n}\n"
	one := strings.NewReplacer("NUM", "0", "GUARD", "", "MEMBERS", first.String()).Replace(fn)
	two := strings.NewReplacer("NUM", "1", "GUARD", "\tif x < 0 {\n\t\treturn 0\n\t}\n", "MEMBERS", second.String()).Replace(fn)
	return []byte("package p\n" + one + two)
}

// LackingFirst returns n copies of Copies' function in files files,
// each but the first with a guard on its limit: one near-miss class whose
// first copy lacks a step of each other copy, each of the n-1 drifts
// compared with every other to tell whether every other copy has the
// step (8,000 copies: 6.8 s, the parse 0.17 s), and the text report's
// message of each copy reading every drift of the class (2.2 s, then).
func LackingFirst(n, files int) map[string][]byte {
	out := copiesOpening(n, files, "if limit < 0 {\n\treturn 0, errEmpty\n}\n")
	first := fmt.Sprintf("copies%04d.go", 0)
	out[first] = bytes.Replace(out[first], []byte(copyOpen+"if limit < 0 {\n\treturn 0, errEmpty\n}\n"), []byte(copyOpen), 1)
	return out
}

// NotedCopies returns n copies of Copies' function in files files, each
// noting that it was copied from upstream: a note on every copy, each
// matched against the names of every other copy for one it names (8,000
// copies: 16 s, the parse 0.16 s).
func NotedCopies(n, files int) map[string][]byte {
	return copiesOpening(n, files, "\t// copied from the upstream package, kept as it is there\n")
}

// copyOpen ends the line that opens each function of Copies.
const copyOpen = "key string) (int, error) {\n"

// copiesOpening is Copies with text after the line opening each function.
func copiesOpening(n, files int, text string) map[string][]byte {
	out := Copies(n, files)
	for name, src := range out {
		out[name] = bytes.ReplaceAll(src, []byte(copyOpen), []byte(copyOpen+text))
	}
	return out
}

// EveryOtherLineAdded returns a unified diff, as git writes it, of a
// change to the file name that made src by adding every other line of it
// (its even lines) and removing a line after every fourth: one hunk of
// as many ranges of added lines, and of removed ones, as src has lines
// over two and four. Every copy of every class in src is judged against
// them (-diff); each query read every range of the file (ManyClasses of
// 8,000 pairs, 4.2 MB: 11.4 s, the run without the diff 1.6 s).
func EveryOtherLineAdded(name string, src []byte) []byte {
	lines := strings.SplitAfter(string(src), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var body bytes.Buffer
	oldN := 0
	for i, l := range lines {
		if i%2 == 1 {
			body.WriteString("+" + l)
			continue
		}
		body.WriteString(" " + l)
		oldN++
		if i%4 == 2 {
			body.WriteString("-removed\n")
			oldN++
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n@@ -1,%d +1,%d @@\n", name, name, name, name, oldN, len(lines))
	b.Write(body.Bytes())
	return b.Bytes()
}

// PastedParams returns two copies of a function of n parameters, each
// added up on a line of its own, the second with every parameter
// renamed: a function pasted whole with its parameters renamed, under a
// -min-tokens of 10n (it holds about 7n tokens). Each of the body's n
// names is asked whether it is a parameter of both copies
// (fingerprint's declaresParam, a binary search: a scan of the
// parameters for each would be n² steps).
func PastedParams(n int) []byte {
	var b strings.Builder
	b.WriteString("package p\n")
	for _, c := range []string{"p", "q"} {
		fmt.Fprintf(&b, "\nfunc sum%s(", c)
		for i := range n {
			fmt.Fprintf(&b, "%s%d int, ", c, i)
		}
		b.WriteString(") int {\n\ts := 0\n")
		for i := range n {
			fmt.Fprintf(&b, "\ts += %s%d\n", c, i)
		}
		b.WriteString("\treturn s\n}\n")
	}
	return []byte(b.String())
}
