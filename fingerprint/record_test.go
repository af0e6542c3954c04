package fingerprint

import (
	"encoding/binary"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// stdFiles indexes every .go file of a few standard-library packages,
// tests included. Every third function declaration is marked as excluded
// by a directive, so that records with an ignored-token table are
// exercised too.
func stdFiles(t testing.TB, minTokens int) []*File {
	t.Helper()
	var files []*File
	var ix Indexer
	for _, pkg := range []string{"strings", "fmt", "go/ast", "encoding/json", "sort"} {
		paths, err := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", pkg, "*.go"))
		if err != nil || len(paths) == 0 {
			t.Skipf("no sources for %s: %v", pkg, err)
		}
		for _, p := range paths {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
			if err != nil {
				continue
			}
			n := 0
			skip := func(node ast.Node) bool {
				if _, ok := node.(*ast.FuncDecl); ok {
					n++
					return n%3 == 0
				}
				return false
			}
			files = append(files, ix.Index(strings.TrimPrefix(p, runtime.GOROOT()), fset, f, src, minTokens, skip))
		}
	}
	return files
}

func roundTrip(t testing.TB, f *File) *File {
	t.Helper()
	rec := AppendRecord(nil, f)
	g, err := DecodeRecord(f.Name, rec)
	if err != nil {
		t.Fatalf("%s: %v", f.Name, err)
	}
	return g
}

// sameFile reports whether two Files hold the same data, an empty slice
// and a nil one being the same.
func sameFile(a, b *File) bool {
	return a.Name == b.Name && a.Lines == b.Lines && a.Tokens == b.Tokens && a.test == b.test &&
		slices.Equal(a.codes, b.codes) && slices.Equal(a.grams, b.grams) &&
		(a.ignored == nil) == (b.ignored == nil) && slices.Equal(a.ignored, b.ignored) &&
		slices.Equal(a.vals, b.vals) && slices.Equal(a.lineStart, b.lineStart) &&
		slices.Equal(a.lineOff, b.lineOff) && slices.Equal(a.units, b.units) &&
		slices.Equal(a.blocks, b.blocks) && slices.Equal(a.windows, b.windows) &&
		slices.Equal(a.ownNamed, b.ownNamed) && slices.Equal(a.bareOwn, b.bareOwn) &&
		slices.Equal(a.bareOther, b.bareOther) && slices.Equal(a.ownPart, b.ownPart) &&
		slices.Equal(a.heldOwn, b.heldOwn) && slices.Equal(a.fnWords, b.fnWords) &&
		slices.Equal(a.strWords, b.strWords) && slices.Equal(a.errorfs, b.errorfs) && slices.Equal(a.opposite, b.opposite) && slices.Equal(a.operations, b.operations) &&
		reflect.DeepEqual(a.FactsOf(), b.FactsOf())
}

func TestRecordRoundTrip(t *testing.T) {
	for _, minTokens := range []int{50, 100} {
		files := stdFiles(t, minTokens)
		decoded := make([]*File, len(files))
		ignoredSeen, errorfSeen, oppositeSeen, operationSeen := false, false, false, false
		for i, f := range files {
			decoded[i] = roundTrip(t, f)
			if !sameFile(f, decoded[i]) {
				t.Fatalf("%s: decoded record differs from the indexed file", f.Name)
			}
			ignoredSeen = ignoredSeen || f.ignored != nil
			errorfSeen = errorfSeen || f.errorfs != nil
			oppositeSeen = oppositeSeen || f.opposite != nil
			operationSeen = operationSeen || f.operations != nil
		}
		if !ignoredSeen || !errorfSeen || !oppositeSeen || !operationSeen {
			t.Fatal("no file with an ignored-token table, a fmt.Errorf format, a function of an opposite's name or one of an operation's: the test does not cover them")
		}
		opt := Options{MinTokens: minTokens, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
		want, got := Detect(files, opt), Detect(decoded, opt)
		if len(want) == 0 {
			t.Fatal("no classes: the comparison proves nothing")
		}
		if !reflect.DeepEqual(want, got) {
			t.Errorf("min-tokens %d: Detect on decoded records gives %d classes, on indexed files %d, or they differ",
				minTokens, len(got), len(want))
		}
	}
}

func TestRecordEmptyFile(t *testing.T) {
	for _, f := range []*File{{Name: "a.go"}, indexSources(t, 50, map[string]string{"b_test.go": "package b\n"})[0]} {
		if g := roundTrip(t, f); !sameFile(f, g) {
			t.Errorf("%s: %+v decodes as %+v", f.Name, f, g)
		}
	}
}

// reseal fixes the checksum of a damaged record, so that the checks
// behind the checksum are tested too.
func reseal(rec []byte) []byte {
	if len(rec) < 4 {
		return rec
	}
	body := rec[:len(rec)-4]
	return binary.LittleEndian.AppendUint32(slices.Clip(body), crc32.Checksum(body, crcTable))
}

func TestRecordDamage(t *testing.T) {
	f := stdFiles(t, 50)[0]
	rec := AppendRecord(nil, f)
	check := func(what string, r []byte) {
		t.Helper()
		g, err := DecodeRecord(f.Name, r)
		if err == nil {
			t.Errorf("%s: decoded without error", what)
		} else if !errors.Is(err, ErrRecord) {
			t.Errorf("%s: error %v does not wrap ErrRecord", what, err)
		}
		if g != nil {
			t.Errorf("%s: a File came back with the error", what)
		}
	}
	for _, n := range []int{0, 1, 3, len(rec) / 2, len(rec) - 1} {
		check("truncated", rec[:n])
		check("truncated and resealed", reseal(rec[:n]))
	}
	for _, i := range []int{0, 2, len(rec) / 3, len(rec) - 5, len(rec) - 1} {
		r := slices.Clone(rec)
		r[i] ^= 0x40
		check("flipped byte", r)
	}
	r := slices.Clone(rec)
	r[2] = RecordVersion + 1
	check("other version", reseal(r))
	check("trailing bytes", reseal(append(slices.Clone(rec[:len(rec)-4]), 0, 0, 0, 0, 0)))
}

func FuzzDecodeRecord(f *testing.F) {
	files := stdFiles(f, 50)
	for _, file := range files[:min(len(files), 8)] {
		f.Add(AppendRecord(nil, file))
	}
	f.Add(AppendRecord(nil, &File{Name: "a.go"}))
	other := files[len(files)-1]
	f.Fuzz(func(t *testing.T, rec []byte) {
		for _, r := range [][]byte{rec, reseal(rec)} {
			g, err := DecodeRecord("x.go", r)
			if err != nil {
				continue
			}
			// What decodes must be safe to detect on.
			opt := Options{MinTokens: 50, MinLines: 1, MaxOccurrences: 0, Near: true, Similarity: 0.5}
			Detect([]*File{g, other}, opt)
		}
	})
}

func BenchmarkDecodeRecord(b *testing.B) {
	files := stdFiles(b, 100)
	recs := make([][]byte, len(files))
	size := 0
	for i, f := range files {
		recs[i] = AppendRecord(nil, f)
		size += len(recs[i])
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for i, r := range recs {
			if _, err := DecodeRecord(files[i].Name, r); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkParseAndIndex parses and indexes the files BenchmarkDecodeRecord
// decodes: what a record saves.
func BenchmarkParseAndIndex(b *testing.B) {
	files := stdFiles(b, 100)
	srcs := make([][]byte, len(files))
	for i, f := range files {
		var err error
		if srcs[i], err = os.ReadFile(filepath.Join(runtime.GOROOT(), f.Name)); err != nil {
			b.Fatal(err)
		}
	}
	for _, noFacts := range []bool{false, true} {
		b.Run(fmt.Sprintf("NoFacts=%v", noFacts), func(b *testing.B) {
			b.ReportAllocs()
			ix := Indexer{NoFacts: noFacts}
			for b.Loop() {
				for i, src := range srcs {
					fset := token.NewFileSet()
					f, err := parser.ParseFile(fset, files[i].Name, src, parser.SkipObjectResolution)
					if err != nil {
						b.Fatal(err)
					}
					ix.Index(files[i].Name, fset, f, src, 100, nil)
				}
			}
		})
	}
}

// BenchmarkIndex indexes the files BenchmarkParseAndIndex parses, parsed
// ahead: copycat's own work on a file, without go/parser's.
func BenchmarkIndex(b *testing.B) {
	files := stdFiles(b, 100)
	type parsed struct {
		fset *token.FileSet
		f    *ast.File
		src  []byte
	}
	ps := make([]parsed, len(files))
	for i, f := range files {
		src, err := os.ReadFile(filepath.Join(runtime.GOROOT(), f.Name))
		if err != nil {
			b.Fatal(err)
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, f.Name, src, parser.SkipObjectResolution)
		if err != nil {
			b.Fatal(err)
		}
		ps[i] = parsed{fset, af, src}
	}
	b.ReportAllocs()
	ix := Indexer{NoFacts: true}
	for b.Loop() {
		for i, p := range ps {
			ix.Index(files[i].Name, p.fset, p.f, p.src, 100, nil)
		}
	}
}

func BenchmarkAppendRecord(b *testing.B) {
	files := stdFiles(b, 100)
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		for _, f := range files {
			buf = AppendRecord(buf[:0], f)
		}
	}
}

// A facts record gives a decoded record its Facts; one that is damaged,
// of another version or of a file of other lines gives an error and
// leaves the File as it was.
func TestFactsRecord(t *testing.T) {
	src := "package p\n\n// F is a function.\nfunc F() int {\n\tx := 1\n\treturn x\n}\n"
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, "a.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	ix := Indexer{NoFacts: true} // recorded without its Facts
	files := []*File{ix.Index("a.go", fset, af, []byte(src), 10, nil)}
	fs := ScanFacts([]byte(src))
	decoded := func() *File {
		t.Helper()
		g, err := DecodeRecord("a.go", AppendRecord(nil, files[0]))
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	rec := AppendFactsRecord(nil, files[0].Lines, &fs)
	g := decoded()
	if err := g.SetFactsRecord(rec); err != nil {
		t.Fatal(err)
	}
	if got := g.FactsOf(); len(got.Funcs) != 1 || got.Funcs[0].Name != "F" || len(got.Comments) != 1 {
		t.Errorf("Facts %+v, want F and its comment", got)
	}
	flipped := slices.Clone(rec)
	flipped[len(flipped)/2] ^= 1
	version := reseal(append(append([]byte("cf"), binary.AppendUvarint(nil, RecordVersion+1)...), rec[3:]...))
	for what, r := range map[string][]byte{
		"damaged":       flipped,
		"truncated":     rec[:len(rec)-1],
		"a record":      AppendRecord(nil, files[0]),
		"other lines":   AppendFactsRecord(nil, files[0].Lines+1, &fs),
		"other version": version,
		"empty":         nil,
		"resealed cut":  reseal(rec[:len(rec)-6]),
	} {
		g := decoded()
		err := g.SetFactsRecord(r)
		if what == "resealed cut" {
			// Sealed again, a cut body passes the checksum: its Facts
			// then do not decode, and the file has none.
			if err == nil && g.FactsOf().Funcs != nil {
				t.Errorf("%s: Facts %+v", what, g.FactsOf())
			}
			continue
		}
		if !errors.Is(err, ErrRecord) {
			t.Errorf("%s: %v, want ErrRecord", what, err)
		}
		if got := g.FactsOf(); got.Funcs != nil {
			t.Errorf("%s: Facts %+v after the error", what, got)
		}
	}
}

// TestFactsRecordFlags: a file's two flags come back as they went, and
// Facts that say a state machine is not generated do not decode (the
// file then has none, as with any Facts that do not decode).
func TestFactsRecordFlags(t *testing.T) {
	for _, fs := range []Facts{{}, {Generated: true}, {Generated: true, Machine: true}} {
		g := &File{Name: "a.go", Lines: 4}
		if err := g.SetFactsRecord(AppendFactsRecord(nil, 4, &fs)); err != nil {
			t.Fatal(err)
		}
		if got := g.FactsOf(); got.Generated != fs.Generated || got.Machine != fs.Machine {
			t.Errorf("%+v came back as generated %v, a state machine %v", fs, got.Generated, got.Machine)
		}
	}
	g := &File{Name: "a.go", Lines: 4}
	bad := Facts{Machine: true, Funcs: []Func{{Line: 1, Name: "f"}}}
	g.SetFactsRecord(AppendFactsRecord(nil, 4, &bad))
	if got := g.FactsOf(); got.Machine || got.Funcs != nil {
		t.Errorf("a state machine not generated decoded as %+v", got)
	}
}

func FuzzSetFactsRecord(f *testing.F) {
	fs := ScanFacts([]byte("package p\n\n// F.\nfunc F() {}\n"))
	f.Add(AppendFactsRecord(nil, 4, &fs))
	f.Add(AppendFactsRecord(nil, 4, &Facts{}))
	f.Fuzz(func(t *testing.T, rec []byte) {
		for _, r := range [][]byte{rec, reseal(rec)} {
			g := &File{Name: "a.go", Lines: 4}
			if g.SetFactsRecord(r) == nil {
				fs := g.FactsOf() // what decodes must be in the file's lines
				for _, fn := range fs.Funcs {
					if fn.Line < 1 || fn.Line > 4 {
						t.Fatalf("function line %d of 4", fn.Line)
					}
				}
			}
		}
	})
}

// TestRecordUnitValues: a record whose unit starts at another value than
// its first token is refused (found by FuzzDecodeRecord: such a record,
// sealed anew, made detection read past the file's values).
func TestRecordUnitValues(t *testing.T) {
	f := stdFiles(t, 1)[0]
	var u int
	for u = range f.units {
		if f.units[u].val0 > 0 {
			break
		}
	}
	if _, err := DecodeRecord(f.Name, AppendRecord(nil, f)); err != nil {
		t.Errorf("the record as written: %v", err)
	}
	f.units[u].val0--
	_, err := DecodeRecord(f.Name, AppendRecord(nil, f))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("unit %d starts at value", u)) {
		t.Errorf("err %v, want one saying unit %d starts at another value", err, u)
	}
}
