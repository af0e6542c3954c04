package mutation_test

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/internal/mutation"
	"github.com/copycat-go/copycat/internal/par"
	"github.com/copycat-go/copycat/load"
)

// The recall test's fixed parameters.
const (
	seed      = 2026
	numFuncs  = 200
	minLines  = 15
	maxLines  = 70
	minTokens = 50  // -min-tokens of the run
	coverage  = 0.7 // share of the lines of both copies a hit must cover
	hostLines = 800 // largest host file, to keep the test quick
)

// packages are the standard-library packages the functions and their
// hosts come from.
var packages = []string{
	"archive/tar", "archive/zip", "bufio", "bytes", "compress/flate",
	"encoding/base64", "encoding/binary", "encoding/csv", "encoding/json",
	"encoding/xml", "flag", "fmt", "go/ast", "go/doc", "go/parser",
	"go/printer", "go/scanner", "html/template", "image", "image/gif",
	"image/jpeg", "image/png", "io", "log/slog", "math/big", "mime",
	"mime/multipart", "net/http", "net/mail", "net/textproto", "net/url",
	"os/exec", "path/filepath", "regexp", "regexp/syntax", "sort", "strconv",
	"strings", "text/tabwriter", "text/template", "text/template/parse",
	"time", "unicode/utf8",
}

// bars are the least recall per kind.
var bars = map[mutation.Kind]float64{
	mutation.T1:  0.99,
	mutation.T2:  0.99,
	mutation.T3:  0.95,
	mutation.T23: 0.90,
}

// A trial is one function, its host and its four mutants.
type trial struct {
	fn      mutation.Func
	host    string
	after   int // the host declaration the copy follows
	mutants map[mutation.Kind]mutation.Mutant
}

// TestRecall copies real functions of the standard library into unrelated
// files after type-1, type-2 and type-3 edits, runs the engine on each
// pair of files, and measures how many copies it finds.
func TestRecall(t *testing.T) {
	root := goroot(t)
	corpus, err := mutation.Load(filepath.Join(root, "src"), packages, minLines, maxLines, minTokens)
	if err != nil {
		t.Fatal(err)
	}
	trials := choose(t, corpus)
	opts := engineOptions(t)
	tmp := t.TempDir()

	results := make([]map[mutation.Kind]outcome, len(trials))
	par.For(len(trials), 0, func(_, i int) {
		results[i] = run(t, corpus, trials[i], filepath.Join(tmp, fmt.Sprint(i)), opts)
	})
	report(t, root, trials, results)
}

func goroot(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// engineOptions are the command line's defaults at -min-tokens 50.
func engineOptions(t *testing.T) fingerprint.Options {
	var c cli.Config
	fs := flag.NewFlagSet("copycat", flag.ContinueOnError)
	c.Flags(fs)
	if err := fs.Parse([]string{"-min-tokens", fmt.Sprint(minTokens)}); err != nil {
		t.Fatal(err)
	}
	opts := c.Options()
	opts.Workers = 1
	return opts
}

// choose picks numFuncs functions in a fixed random order, skipping those
// a mutation does not apply to, and gives each a host file of another
// package (of at most hostLines lines).
func choose(t *testing.T, c *mutation.Corpus) []trial {
	r := rand.New(rand.NewPCG(seed, 0))
	host := hostPicker(c)
	var trials []trial
	for _, i := range r.Perm(len(c.Funcs)) {
		if len(trials) == numFuncs {
			break
		}
		fn := c.Funcs[i]
		tr := trial{fn: fn, after: r.IntN(64), mutants: map[mutation.Kind]mutation.Mutant{}}
		tr.host = host(r, fn)
		decl := c.Src[fn.File][fn.Start:fn.End]
		mr := rand.New(rand.NewPCG(seed, uint64(i)))
		for _, k := range mutation.Kinds {
			m, err := mutation.Mutate(k, decl, mr)
			if err != nil {
				break
			}
			tr.mutants[k] = m
		}
		if len(tr.mutants) == len(mutation.Kinds) {
			trials = append(trials, tr)
		}
	}
	if len(trials) < numFuncs {
		t.Fatalf("found %d usable functions, want %d", len(trials), numFuncs)
	}
	return trials
}

// hostPicker returns a function that picks, with r, a host file for a
// copy of fn: a file of another package of at most hostLines lines.
func hostPicker(c *mutation.Corpus) func(r *rand.Rand, fn mutation.Func) string {
	pkgOf := map[string]string{}
	for _, f := range c.Funcs {
		pkgOf[f.File] = f.Pkg
	}
	var hosts []string
	for _, f := range c.Files {
		if bytes.Count(c.Src[f], []byte("\n")) <= hostLines {
			hosts = append(hosts, f)
		}
	}
	return func(r *rand.Rand, fn mutation.Func) string {
		for {
			if h := hosts[r.IntN(len(hosts))]; pkgOf[h] != fn.Pkg {
				return h
			}
		}
	}
}

// A region is a span of lines of one file.
type region struct {
	file        string
	first, last int
}

func (r region) String() string {
	return fmt.Sprintf("%s:%d-%d", filepath.Base(r.file), r.first, r.last)
}

// An outcome is what the engine made of one mutant.
type outcome struct {
	hit  bool
	best [2]float64 // coverage of the original and of the copy by the class that covers both best
	bad  []string   // classes that join the copy to unrelated code
	err  error
}

// run writes the trial's files under dir and runs the engine on the
// original's file with each mutant's host file.
func run(t *testing.T, c *mutation.Corpus, tr trial, dir string, opts fingerprint.Options) map[mutation.Kind]outcome {
	out := map[mutation.Kind]outcome{}
	fail := func(err error) map[mutation.Kind]outcome {
		for _, k := range mutation.Kinds {
			out[k] = outcome{err: err}
		}
		return out
	}
	orig := region{filepath.Join(dir, "orig", filepath.Base(tr.fn.File)), tr.fn.Line, tr.fn.Line + tr.fn.Lines - 1}
	origFile, err := loadFile(orig.file, c.Src[tr.fn.File])
	if err != nil {
		return fail(err)
	}
	baseHost, err := loadFile(filepath.Join(dir, "base", filepath.Base(tr.host)), c.Src[tr.host])
	if err != nil {
		return fail(err)
	}
	related := relatedRegions(fingerprint.Detect([]*fingerprint.File{origFile, baseHost}, opts), orig)
	for ki, k := range mutation.Kinds {
		hostSrc, start, err := mutation.Inject(c.Src[tr.host], tr.mutants[k].Src, tr.after)
		if err != nil {
			out[k] = outcome{err: err}
			continue
		}
		first, last, err := mutation.Span(tr.mutants[k].Src)
		if err != nil {
			out[k] = outcome{err: err}
			continue
		}
		line0 := bytes.Count(hostSrc[:start], []byte("\n")) + 1
		cp := region{filepath.Join(dir, fmt.Sprint(ki), filepath.Base(tr.host)), line0 + first, line0 + last}
		hostFile, err := loadFile(cp.file, hostSrc)
		if err != nil {
			out[k] = outcome{err: err}
			continue
		}
		classes := fingerprint.Detect([]*fingerprint.File{origFile, hostFile}, opts)
		out[k] = judge(classes, orig, cp, related)
	}
	return out
}

// loadFile writes src to path and loads it as the command line would.
func loadFile(path string, src []byte) (*fingerprint.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		return nil, err
	}
	res := load.Load([]string{path}, load.Options{Tests: true, MinTokens: minTokens, Workers: 1})
	if len(res.Errors) > 0 || len(res.Files) != 1 {
		return nil, fmt.Errorf("loading %s: %v %v", path, res.Errors, res.Warnings)
	}
	return res.Files[0], nil
}
