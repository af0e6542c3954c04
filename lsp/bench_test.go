package lsp

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/copycat-go/copycat/ignore"
)

// BenchmarkDidChangeStdlib indexes the standard library as a workspace,
// then times 50 edits that paste a copy of a standard-library function
// into an open buffer: from the didChange to the publishDiagnostics that
// reports the copy. It reports the 50th and 95th percentiles and the
// memory after indexing (of the whole benchmark process, so an upper
// bound), with near-miss clones on (the default) and off. Run it with
// -benchtime=1x:
//
//	go test -run '^$' -bench DidChangeStdlib -benchtime=1x ./lsp
//
// The pastes go into a new buffer and at the end of net/http/server.go;
// COPYCAT_BENCH_INTO=go/types/expr.go,... names other files of the
// standard library instead ("" for a new buffer).
func BenchmarkDidChangeStdlib(b *testing.B) {
	root := filepath.Join(runtime.GOROOT(), "src")
	if _, err := os.Stat(filepath.Join(root, "strings")); err != nil {
		b.Skipf("no standard library sources in %s", root)
	}
	copies := stdlibFunctions(b, root, 50)
	// Pasted into a new buffer of one line, and at the end of a file of
	// 4,073 lines, re-detected with the files that share code with it.
	into := []string{"", "net/http/server.go"}
	if v := os.Getenv("COPYCAT_BENCH_INTO"); v != "" {
		into = strings.Split(v, ",")
	}
	for _, into := range into {
		name := "new"
		if into != "" {
			name = filepath.Base(into)
		}
		for _, near := range []bool{true, false} {
			b.Run(fmt.Sprintf("into=%s/near=%v", name, near), func(b *testing.B) {
				runtime.GC()
				benchEdits(b, root, copies, into, "-near="+strconv.FormatBool(near))
			})
		}
	}
}

// benchEdits pastes each of copies into the file into of the workspace
// root (a new one-line buffer if ""), and takes it out again.
func benchEdits(b *testing.B, root string, copies []string, into string, flags ...string) {
	e := startEditor(b, runServer(append([]string{"-logfile", benchLog()}, flags...)...))
	t0 := time.Now()
	e.initialize(root, nil)
	e.awaitIndexed()
	indexing := time.Since(t0)
	heap, sys := memory()
	rss := vmRSS()

	// A buffer that is not on disk, in a package of its own, or a file.
	u := pathToURI(filepath.Join(root, "copycatbench", "bench.go"))
	clean := "package copycatbench\n"
	if into != "" {
		u = pathToURI(filepath.Join(root, into))
		src, err := os.ReadFile(filepath.Join(root, into))
		if err != nil {
			b.Fatal(err)
		}
		clean = string(src)
	}
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: u, Version: 1, Text: clean}})
	// A file may hold copies already: a paste adds to its diagnostics,
	// and taking the paste out leaves as many as there were.
	before := len(e.published(u))
	more := func(ds []diagnostic) bool { return len(ds) > before }
	back := func(ds []diagnostic) bool { return len(ds) == before }
	version := 1
	change := func(text string) {
		version++
		e.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": u, "version": version},
			"contentChanges": []contentChange{{Text: text}},
		})
	}
	var lat []time.Duration
	b.ResetTimer()
	for range b.N {
		for _, fn := range copies {
			e.skip()
			start := time.Now()
			change(clean + "\n" + fn)
			e.diagnostics(u, "the pasted copy", more)
			lat = append(lat, time.Since(start))
			b.StopTimer()
			e.skip()
			change(clean)
			e.diagnostics(u, "the copy gone", back)
			b.StartTimer()
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	pct := func(p float64) float64 {
		return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(indexing.Seconds(), "index-s")
	b.ReportMetric(heap/(1<<20), "heap-MB")
	b.ReportMetric(sys/(1<<20), "sys-MB")
	if rss > 0 {
		b.ReportMetric(rss/(1<<20), "rss-MB")
	}
	e.exit()
}

// stdlibFunctions returns the text of n functions of 15 to 80 lines and
// at least 150 tokens (well above -min-tokens) from a few standard-library
// packages, in a fixed order.
func stdlibFunctions(b testing.TB, root string, n int) []string {
	var fns []string
	for _, pkg := range []string{"strings", "bytes", "strconv", "sort", "encoding/json", "net/url", "text/template", "go/printer"} {
		names, _ := filepath.Glob(filepath.Join(root, pkg, "*.go"))
		slices.Sort(names)
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				b.Fatal(err)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
			if err != nil || ignore.IsGenerated(src) {
				continue // not indexed: a copy would not be found
			}
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
				text := src[fset.Position(fd.Pos()).Offset:fset.Position(fd.End()).Offset]
				if lines >= 15 && lines <= 80 && countTokens(text) >= 150 {
					fns = append(fns, string(text)+"\n")
				}
			}
		}
	}
	if len(fns) < n {
		b.Fatalf("found %d functions, want %d", len(fns), n)
	}
	// Spread the choice over all packages.
	picked := make([]string, n)
	for i := range picked {
		picked[i] = fns[i*len(fns)/n]
	}
	return picked
}

func countTokens(src []byte) int {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	n := 0
	for {
		_, tok, _ := s.Scan()
		if tok == token.EOF {
			return n
		}
		n++
	}
}

// memory returns the heap in use and the memory obtained from the system,
// after a garbage collection.
func memory() (heap, sys float64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return float64(ms.HeapInuse), float64(ms.Sys)
}

// vmRSS reads the resident set size from /proc, where there is one.
func vmRSS() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			if err == nil {
				return float64(kb) * 1024
			}
		}
	}
	return 0
}

// benchLog is where the benchmark's server logs: $COPYCAT_BENCH_LOG, or
// nowhere.
func benchLog() string {
	if p := os.Getenv("COPYCAT_BENCH_LOG"); p != "" {
		return p
	}
	return os.DevNull
}

// BenchmarkWarmStartStdlib times a server's start on the standard library
// as its workspace: from initialize to the first publishDiagnostics, once
// with an empty index (cold) and once with the index that first start
// filled (warm: no file read again, the stored result published). Run it
// with -benchtime=1x:
//
//	go test -run '^$' -bench WarmStartStdlib -benchtime=1x ./lsp
func BenchmarkWarmStartStdlib(b *testing.B) {
	root := filepath.Join(runtime.GOROOT(), "src")
	if _, err := os.Stat(filepath.Join(root, "strings")); err != nil {
		b.Skipf("no standard library sources in %s", root)
	}
	ixDir := b.TempDir()
	for _, start := range []string{"cold", "warm"} {
		b.Run(start, func(b *testing.B) {
			for range b.N {
				e := startEditor(b, runServer("-logfile", benchLog(), "-cache", ixDir))
				t0 := time.Now()
				e.initialize(root, nil)
				e.await("the first diagnostics", func(m *message) bool {
					return m.Method == "textDocument/publishDiagnostics"
				})
				b.ReportMetric(time.Since(t0).Seconds(), "s/first-diagnostics")
				e.awaitIndexed()
				e.exit()
			}
		})
	}
}
