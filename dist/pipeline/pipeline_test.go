package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/internal/spill"
	"github.com/copycat-go/copycat/load"
)

func TestMain(m *testing.M) {
	if mod := os.Getenv(sumRunEnv); mod != "" {
		os.Exit(sumRunMain(mod))
	}
	// Prism, in process: the runner the pipeline's tests run on. Its runs
	// leave files in the temporary directory (see LoopbackFiles): the
	// tests' own, removed after them.
	tmp, err := os.MkdirTemp("", "copycat-dist-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("TMPDIR", tmp)
	code := ptest.MainRetWithDefault(m, "prism")
	os.RemoveAll(tmp)
	os.Exit(code)
}

// A run on the in-process runner leaves no file of Beam's loopback
// pattern behind once RemoveLoopbackFiles is done, and keeps those that
// were there before it.
func TestLoopbackFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	old := filepath.Join(dir, "beamloopbackworker-1")
	if err := os.WriteFile(old, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "small")
	if err := os.CopyFS(src, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	before := LoopbackFiles()
	c := DefaultConfig()
	c.Dirs = []string{src}
	distributed(t, c)
	made, _ := filepath.Glob(filepath.Join(dir, loopbackPattern))
	if len(made) < 2 {
		t.Fatalf("the run made no file of Beam's loopback pattern (%v): the test no longer tests anything", made)
	}
	RemoveLoopbackFiles(before)
	if left, _ := filepath.Glob(filepath.Join(dir, loopbackPattern)); len(left) != 1 || left[0] != old {
		t.Errorf("after the run: %v, want only %s", left, old)
	}
}

// oneMachine returns what `copycat -json -cache=off` (or -format sarif)
// writes for the trees dirs.
func oneMachine(t *testing.T, c Config) []byte {
	t.Helper()
	args := []string{"-format", c.format(), "-cache=off",
		"-min-tokens", itoa(c.MinTokens), "-min-lines", itoa(c.MinLines),
		"-max-occurrences", itoa(c.MaxOccurrences), "-near=" + btoa(c.Near),
		"-similarity", strconv.FormatFloat(c.Similarity, 'g', -1, 64),
		"-tests=" + btoa(c.Tests), "-generated=" + btoa(c.Generated)}
	for _, d := range c.Dirs {
		args = append(args, tree(d))
	}
	var stdout, stderr bytes.Buffer
	if code := cli.RunContext(context.Background(), args, &stdout, &stderr); code != cli.ExitClean && code != cli.ExitClones {
		t.Fatalf("copycat %v: exit status %d\n%s", args, code, stderr.String())
	}
	return stdout.Bytes()
}

// distributed returns what the pipeline writes for c, run on Prism.
func distributed(t *testing.T, c Config) []byte {
	t.Helper()
	b, _ := distributedMetrics(t, c)
	return b
}

// distributedMetrics is distributed with the run's metrics.
func distributedMetrics(t *testing.T, c Config) ([]byte, metrics.QueryResults) {
	t.Helper()
	c.Output = filepath.Join(t.TempDir(), "report.json")
	p, s := beam.NewPipelineWithRoot()
	Build(s, c)
	res, err := ptest.RunWithMetrics(p)
	if err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	b, err := os.ReadFile(c.Output)
	if err != nil {
		t.Fatal(err)
	}
	return b, res.Metrics().AllMetrics()
}

// TestSmall runs the pipeline over a small tree of clones (exact,
// renamed, near, inside one file), a file that does not parse and a
// generated one, under the default options and others: no limit on
// occurrences (near keys then link files, not pairs), small windows, no
// near-miss clones.
func TestSmall(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	// Files copycat warns of, whose warnings both reports list in one
	// order: a file that does not parse, one more before it by name, and
	// one of two malformed directives, in the order it gives them.
	for name, text := range map[string]string{
		"broken/broken.go":  "package broken\n\nfunc Broken( {\n",
		"broken/also.go":    "package broken\n\nvar x = \n",
		"broken/directs.go": "package broken\n\n//copycat:ignore\nfunc A() {}\n\n//copycat:frobnicate x\nfunc B() {}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		set  func(*Config)
	}{
		{"defaults", func(*Config) {}},
		{"max-occurrences=0", func(c *Config) { c.MaxOccurrences = 0 }},
		{"min-tokens=30", func(c *Config) { c.MinTokens, c.MinLines, c.Similarity = 30, 3, 0.7 }},
		{"near=false", func(c *Config) { c.Near = false }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			c.Dirs = []string{dir}
			tc.set(&c)
			want := oneMachine(t, c)
			if !bytes.Contains(want, []byte(`broken.go:3:14: syntax error`)) {
				t.Fatalf("copycat's report does not say the broken file was not read: the test shows little\n%s", want)
			}
			if !bytes.Contains(want, []byte(`"kind": "renamed"`)) {
				t.Fatalf("the small tree's report lacks a renamed class: the test shows little\n%s", want)
			}
			if c.Near && !bytes.Contains(want, []byte(`"kind": "near"`)) {
				t.Fatalf("the small tree's report lacks a near class: the test shows little\n%s", want)
			}
			forShards(t, c, shardCounts, func(t *testing.T, c Config) {
				got := distributed(t, c)
				if !bytes.Equal(got, want) {
					t.Errorf("the pipeline's report differs from copycat's:\n%s", lineDiff(got, want))
				}
			})
		})
	}
}

// realModules are the modules of the differential test over real code:
// the versions this module's build list holds, so that building the
// module downloads them.
var realModules = []string{"golang.org/x/tools", "golang.org/x/net", "google.golang.org/grpc", "google.golang.org/protobuf"}

// TestModules runs the pipeline over real modules (over 700,000 lines),
// named as path@version, and checks that it writes the bytes copycat
// writes for their directories in the module cache, with the files named
// under path@version; with the sketch in one shard and in seven.
func TestModules(t *testing.T) {
	if testing.Short() {
		t.Skip("the differential test over real modules is not short")
	}
	c := DefaultConfig()
	var mods []string
	for _, m := range realModules {
		out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}}@{{.Version}}", m).Output()
		if err != nil {
			t.Fatalf("go list -m %s: %v", m, err)
		}
		mod := strings.TrimSpace(string(out))
		dir, err := moduleDir(context.Background(), mod)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", mod, dir)
		mods = append(mods, mod)
		c.Dirs = append(c.Dirs, dir)
	}
	want := oneMachine(t, c)
	var r struct {
		Stats struct{ Files, Lines, Classes int }
	}
	if err := json.Unmarshal(want, &r); err != nil {
		t.Fatal(err)
	}
	if r.Stats.Lines < 200_000 || r.Stats.Classes == 0 {
		t.Fatalf("the modules hold %d lines and %d classes: the test needs 200,000 lines and some classes", r.Stats.Lines, r.Stats.Classes)
	}
	t.Logf("%d files, %d lines, %d classes", r.Stats.Files, r.Stats.Lines, r.Stats.Classes)
	// The pipeline names a module's files under path@version.
	for i, mod := range mods {
		want = bytes.ReplaceAll(want, []byte(c.Dirs[i]+"/"), []byte(mod+"/"))
	}
	c.Dirs = mods
	forShards(t, c, []int{1, 7}, func(t *testing.T, c Config) {
		got, r := distributedMetrics(t, c)
		if !bytes.Equal(got, want) {
			t.Errorf("the pipeline's report differs from copycat's:\n%s", lineDiff(got, want))
		}
		checkSplit(t, r, c.SketchShards)
	})
}

// TestNoClasses checks that a tree without clones has its report too.
func TestNoClasses(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/small/shop")); err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig()
	c.Dirs = []string{dir}
	want := oneMachine(t, c)
	if !bytes.Contains(want, []byte(`"classes": []`)) {
		t.Fatalf("the tree has clones: the test shows nothing\n%s", want)
	}
	if got := distributed(t, c); !bytes.Equal(got, want) {
		t.Errorf("the pipeline's report differs from copycat's:\n%s", lineDiff(got, want))
	}
}

// TestOrder checks that the report does not depend on the order of the
// directories.
func TestOrder(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig()
	c.Dirs = []string{filepath.Join(dir, "shop"), filepath.Join(dir, "store"), filepath.Join(dir, "util")}
	want := oneMachine(t, c)
	for _, dirs := range [][]string{c.Dirs, {c.Dirs[2], c.Dirs[0], c.Dirs[1]}, {c.Dirs[1], c.Dirs[2], c.Dirs[0]}} {
		c.Dirs = dirs
		if got := distributed(t, c); !bytes.Equal(got, want) {
			t.Errorf("directories %v: the pipeline's report differs from copycat's:\n%s", dirs, lineDiff(got, want))
		}
	}
}

// TestBadModule checks that a module argument that cannot be downloaded
// fails the run with the reason, not a crash.
func TestBadModule(t *testing.T) {
	_, err := moduleDir(context.Background(), "bad@@x")
	if err == nil || !strings.Contains(err.Error(), "cannot download bad@@x") || !strings.Contains(err.Error(), "malformed module path") {
		t.Errorf("moduleDir(bad@@x) = %v, want an error naming it and the reason", err)
	}
	// A path that exists is a directory, whatever its name.
	dir := filepath.Join(t.TempDir(), "x@v1.0.0")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if got, err := moduleDir(context.Background(), dir); got != dir || err != nil {
		t.Errorf("moduleDir(%s) = %q, %v; want the directory itself", dir, got, err)
	}
}

// TestModuleOnAnotherWorker checks that a worker that reads a module's
// file without having listed the module downloads the module itself: the
// file is named in the module cache, which is another disk on another
// worker. The module comes from the module cache's own download folder,
// so the test needs no network.
func TestModuleOnAnotherWorker(t *testing.T) {
	const module = "github.com/pbnjay/memory@v0.0.0-20210728143218-7b4eea64cf58"
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	downloads := filepath.Join(strings.TrimSpace(string(out)), "cache", "download")
	if _, err := os.Stat(filepath.Join(downloads, "github.com/pbnjay/memory/@v/v0.0.0-20210728143218-7b4eea64cf58.zip")); err != nil {
		t.Skipf("%s is not in the module cache: %v", module, err)
	}
	isolate(t)
	vouchDownloads(t, downloads)
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(downloads))
	dir, err := moduleDir(context.Background(), module)
	if err != nil {
		t.Fatal(err)
	}
	paths, errs := load.Resolve([]string{tree(dir)}, load.Options{Tests: true})
	if len(errs) > 0 || len(paths) == 0 {
		t.Fatalf("%s: %v", dir, errs)
	}
	// Another worker: the same path, and no module there yet.
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	fn := &indexFn{MinTokens: 100}
	fn.Setup()
	var got []string
	listed := false
	rel, _ := filepath.Rel(dir, paths[0])
	name := module + "/" + filepath.ToSlash(rel)
	sources := func(v *string) bool {
		if listed {
			return false
		}
		*v, listed = source{Arg: module, Name: name, Path: paths[0]}.String(), true
		return true
	}
	if err := fn.ProcessElement(context.Background(), paths[0], sources, func(name string, _ []byte) { got = append(got, name) }, func(Totals) {}, func(string) {}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != name {
		t.Errorf("indexed %v, want %s", got, name)
	}
}

// TestMissingDir checks that a directory that does not exist fails the
// run with an error naming it, as it makes copycat exit with status 2,
// and that no report is written.
func TestMissingDir(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope")
	failedRun(t, []string{missing}, "cannot list "+missing)
}

// TestNothingRead checks the runs in which no file is read, as copycat
// has them: a tree whose only file does not parse fails, naming the
// reason, and writes no report (copycat exits with status 2 and prints
// none); a tree whose only file is generated, left out, has the report
// of no file that copycat prints.
func TestNothingRead(t *testing.T) {
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "broken.go"), []byte("package broken\n\nfunc Broken( {\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	failedRun(t, []string{broken}, "no file could be read: the one file found was skipped")
	generated := t.TempDir()
	if err := os.CopyFS(generated, os.DirFS("../testdata/small/broken")); err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig()
	c.Dirs = []string{generated}
	want := oneMachine(t, c)
	if !bytes.Contains(want, []byte(`"files": 0`)) {
		t.Fatalf("copycat read a file: the test shows nothing\n%s", want)
	}
	if got := distributed(t, c); !bytes.Equal(got, want) {
		t.Errorf("the pipeline's report differs from copycat's:\n%s", lineDiff(got, want))
	}
}

// failedRun checks that the pipeline over dirs fails with an error that
// says want, and writes no report.
func failedRun(t *testing.T, dirs []string, want string) {
	t.Helper()
	c := DefaultConfig()
	c.Dirs = dirs
	c.Output = filepath.Join(t.TempDir(), "report.json")
	p, s := beam.NewPipelineWithRoot()
	Build(s, c)
	if err := ptest.Run(p); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("pipeline over %v: error %v, want one saying %q", dirs, err, want)
	}
	if _, err := os.Stat(c.Output); err == nil {
		t.Errorf("a failed run wrote its report")
	}
}

// TestEmptyArgument: an argument that is empty or blank is refused, by
// Check and by the pipeline, as copycat refuses it: read as a directory,
// "" was the tree "/...", and a run given a variable left empty
// ("$DIR") read every Go file of the machine (here the old code walked
// / until /proc/1/fdinfo refused it, or a bad .duplignore in another
// user's folder of /tmp failed it).
func TestEmptyArgument(t *testing.T) {
	for _, arg := range []string{"", " "} {
		c := DefaultConfig()
		c.Dirs, c.Output = []string{"../testdata/small", arg}, "report.json"
		if err := c.Check(); err == nil || !strings.Contains(err.Error(), "an empty argument names no directory, module or repository") {
			t.Errorf("%q: Check says %v, want a refusal", arg, err)
		}
		failedRun(t, []string{arg}, fmt.Sprintf("%q: an empty argument", arg))
	}
}

// TestGitRepo runs the pipeline over a git repository, fetched at a tag
// through a file:// URL as it would be from a server, and checks that it
// writes what copycat writes for the repository's tree, the files named
// under the argument; a revision the repository lacks fails the run with
// an error naming the argument.
func TestGitRepo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "--quiet"}, {"add", "-A"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "small"}, {"tag", "v1"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	t.Setenv("TMPDIR", t.TempDir()) // where the pipeline fetches it
	arg := "file://" + filepath.ToSlash(repo) + "#v1"
	c := DefaultConfig()
	c.Dirs = []string{repo}
	want := bytes.ReplaceAll(oneMachine(t, c), []byte(repo+"/"), []byte(arg+"/"))
	c.Dirs = []string{arg}
	if got := distributed(t, c); !bytes.Equal(got, want) {
		t.Errorf("the pipeline's report differs from copycat's:\n%s", lineDiff(got, want))
	}
	if _, err := sourceDir(context.Background(), "file://"+filepath.ToSlash(repo)+"#nope"); err == nil ||
		!strings.Contains(err.Error(), "cannot fetch file://"+filepath.ToSlash(repo)+"#nope") {
		t.Errorf("a missing revision: error %v, want one naming it", err)
	}
	// An argument git would read as an option is refused, and runs nothing.
	ran := filepath.Join(t.TempDir(), "ran")
	for _, arg := range []string{"--upload-pack=touch " + ran + ";.git#" + repo, "file://" + filepath.ToSlash(repo) + "#--upload-pack=touch " + ran} {
		if _, err := sourceDir(context.Background(), arg); err == nil || !strings.Contains(err.Error(), "must not start with '-'") {
			t.Errorf("%s: error %v, want a refusal", arg, err)
		}
	}
	if _, err := os.Stat(ran); err == nil {
		t.Error("an argument ran a command")
	}
}

// TestGitRepoCredentials: a repository's URL may hold credentials
// (https://x-access-token:TOKEN@github.com/o/r.git, as CI jobs write
// them); they are used to fetch it, and said nowhere: not in the
// report's file names, which named every file under the URL whole, nor
// in an error naming the argument. Git, which prints such URLs without
// them, is served over HTTP behind basic authentication.
func TestGitRepoCredentials(t *testing.T) {
	out, err := exec.Command("git", "--exec-path").Output()
	backend := filepath.Join(strings.TrimSpace(string(out)), "git-http-backend")
	if _, serr := os.Stat(backend); err != nil || serr != nil {
		t.Skip("no git, or no git-http-backend")
	}
	repo, served := t.TempDir(), t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "--quiet"}, {"add", "-A"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "small"}, {"tag", "v1"},
		{"clone", "--quiet", "--bare", repo, filepath.Join(served, "small.git")}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	const user, secret = "alice", "s3cretT0ken"
	git := &cgi.Handler{Path: backend, Env: []string{"GIT_PROJECT_ROOT=" + served, "GIT_HTTP_EXPORT_ALL=1"}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != user || p != secret {
			w.Header().Set("WWW-Authenticate", `Basic realm="git"`)
			http.Error(w, "who are you?", http.StatusUnauthorized)
			return
		}
		git.ServeHTTP(w, r)
	}))
	defer srv.Close()
	t.Setenv("GIT_TERMINAL_PROMPT", "0")
	t.Setenv("TMPDIR", t.TempDir()) // where the pipeline fetches it
	host := strings.TrimPrefix(srv.URL, "http://")
	arg := "http://" + user + ":" + secret + "@" + host + "/small.git#v1"
	c := DefaultConfig()
	c.Dirs = []string{repo}
	want := bytes.ReplaceAll(oneMachine(t, c), []byte(repo+"/"), []byte("http://"+host+"/small.git#v1/"))
	c.Dirs = []string{arg}
	got := distributed(t, c)
	if bytes.Contains(got, []byte(secret)) {
		t.Errorf("the report holds the password")
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the pipeline's report differs from copycat's:\n%s", lineDiff(got, want))
	}
	_, err = sourceDir(context.Background(), "http://"+user+":"+secret+"@"+host+"/small.git#nope")
	if err == nil || strings.Contains(err.Error(), secret) || !strings.Contains(err.Error(), "cannot fetch http://"+host+"/small.git#nope") {
		t.Errorf("a missing revision: error %v, want one naming the URL without its password", err)
	}
}

// TestSARIF checks the SARIF report against copycat's, asked for by
// -format and by the output file's extension.
func TestSARIF(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig()
	c.Dirs, c.Format = []string{dir}, cli.FormatSARIF
	want := oneMachine(t, c)
	if !bytes.Contains(want, []byte(`"version":"2.1.0"`)) {
		t.Fatalf("not SARIF:\n%s", want)
	}
	if got := distributed(t, c); !bytes.Equal(got, want) {
		t.Errorf("the pipeline's SARIF differs from copycat's:\n%s", lineDiff(got, want))
	}
	c.Format, c.Output = "", "x/report.sarif"
	if f := c.format(); f != cli.FormatSARIF {
		t.Errorf("format of %s = %s, want sarif", c.Output, f)
	}
	c.Format = cli.FormatHTML
	if err := c.Check(); err == nil {
		t.Error("an html report was accepted")
	}
	c.Format, c.Output = "", "main.go"
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), "will not write a report over a Go file") {
		t.Errorf("-o main.go: %v, want a refusal", err)
	}
}

// TestUnitHeap checks that a unit whose tables pass -unit-heap (here 1
// byte: every table) is detected from tables mapped from the disk, and
// that the report is still the bytes copycat writes.
func TestUnitHeap(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig()
	c.Dirs, c.UnitHeap = []string{dir}, 1
	want := oneMachine(t, c)
	got, r := distributedMetrics(t, c)
	if !bytes.Equal(got, want) {
		t.Errorf("with every table mapped, the pipeline's report differs from copycat's:\n%s", lineDiff(got, want))
	}
	spilled := distribution(r, "4 detect: bytes mapped from the disk per unit that spilled").Sum
	t.Logf("tables mapped from the disk: %d bytes", spilled)
	if spilled == 0 && spillBuilt() {
		t.Error("no unit's tables were mapped from the disk")
	}
}

// TestPrintMetrics: -stats's figures line up in one column, after the
// names (the old code padded names to 40 characters, and those longer,
// such as the Bloom filters' bytes per shard, pushed their figures
// right).
func TestPrintMetrics(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig()
	c.Dirs = []string{dir}
	_, r := distributedMetrics(t, c)
	var b bytes.Buffer
	width := PrintMetrics(&b, r)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) < 10 {
		t.Fatalf("%d lines of figures:\n%s", len(lines), b.String())
	}
	for _, l := range lines {
		// The figure ends width+1+14 runes in, before any "  (count …".
		head, _, _ := strings.Cut(l, "  (count")
		if n := utf8.RuneCountInString(head); n != width+15 || head[len(head)-1] < '0' || head[len(head)-1] > '9' {
			t.Errorf("a figure ends at rune %d, want %d:\n%s", n, width+15, b.String())
			break
		}
	}
}

// TestUnitHeapFlag: -unit-heap is given in MB and refused in MB; a
// value too large to count in bytes is refused rather than wrapped (the
// old code shifted 1<<44 MB to 0 bytes, no bound, and said -5 MB was
// "-5242880" bytes).
func TestUnitHeapFlag(t *testing.T) {
	for _, tc := range []struct {
		mb   int64
		want int64
	}{{0, 0}, {1, 1 << 20}, {256, DefaultUnitHeap}, {math.MaxInt64 >> 20, math.MaxInt64 >> 20 << 20}} {
		if got, err := UnitHeapBytes(tc.mb); err != nil || got != tc.want {
			t.Errorf("UnitHeapBytes(%d) = %d, %v; want %d", tc.mb, got, err, tc.want)
		}
	}
	for _, mb := range []int64{-5, 1 << 44, math.MaxInt64} {
		if got, err := UnitHeapBytes(mb); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("MB, not %d", mb)) {
			t.Errorf("UnitHeapBytes(%d) = %d, %v; want an error naming %d MB", mb, got, err, mb)
		}
	}
}

// spillBuilt reports whether this system maps tables from a file (see
// package spill).
func spillBuilt() bool {
	a := spill.New("", 0)
	defer a.Close()
	a.Alloc(8)
	_, err := a.Spilled()
	return !errors.Is(err, spill.ErrUnsupported)
}

// TestHardLink: a file that is a hard link to another file of the input
// is that file, not a copy of it; copycat reads it once, under the first
// of its names, and so does the pipeline, within one argument and across
// two.
func TestHardLink(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{"shop/basket.go", "util/zbasket.go"} {
		if err := os.Link(filepath.Join(dir, "store", "basket.go"), filepath.Join(dir, link)); err != nil {
			t.Skipf("no hard links here: %v", err)
		}
	}
	c := DefaultConfig()
	for _, dirs := range [][]string{{dir}, {filepath.Join(dir, "util"), filepath.Join(dir, "store")}} {
		c.Dirs = dirs
		want := oneMachine(t, c)
		var rep struct{ Stats struct{ Files int } }
		if err := json.Unmarshal(want, &rep); err != nil {
			t.Fatal(err)
		}
		var trees []string
		for _, d := range dirs {
			trees = append(trees, tree(d))
		}
		if paths, _ := load.Resolve(trees, load.Options{Tests: c.Tests}); rep.Stats.Files >= len(paths) {
			t.Fatalf("copycat read %d files of the %d paths listed: no link was read once, the test shows nothing", rep.Stats.Files, len(paths))
		}
		sameAsCopycat(t, c, want)
	}
}

// sameAsCopycat runs the pipeline over c and checks that it writes want,
// what copycat writes (oneMachine).
func sameAsCopycat(t *testing.T, c Config, want []byte) {
	t.Helper()
	if got := distributed(t, c); !bytes.Equal(got, want) {
		t.Errorf("%v: the pipeline's report differs from copycat's:\n%s", c.Dirs, lineDiff(got, want))
	}
}

// TestUnreadable: a file that cannot be read makes copycat exit with
// status 2 and print no JSON report; it fails the pipeline's run, naming
// the file, and no report is written. A link to /proc/self/mem fails to
// read with an I/O error, even as root.
func TestUnreadable(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	mem := filepath.Join(dir, "shop", "mem.go")
	if err := os.Symlink("/proc/self/mem", mem); err != nil {
		t.Fatal(err)
	}
	if _, err := load.ReadFile(mem, load.DefaultMaxFileSize); err == nil {
		t.Skip("/proc/self/mem reads here")
	}
	var stdout, stderr bytes.Buffer
	if code := cli.RunContext(context.Background(), []string{"-json", "-cache=off", tree(dir)}, &stdout, &stderr); code != cli.ExitError || stdout.Len() > 0 {
		t.Fatalf("copycat: exit status %d, %d bytes of report; the test expects 2 and none\n%s", code, stdout.Len(), stderr.String())
	}
	failedRun(t, []string{dir}, "cannot read "+mem)
}

// git runs git in dir and returns its output, trimmed.
func git(t *testing.T, dir, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, stderrOf(err))
	}
	return strings.TrimSpace(string(out))
}

// TestGitRepoFilters: a repository's .gitattributes that names a filter
// (filter=lfs, which git lfs install defines for every repository of
// the user, and which then downloads each file from a server that the
// repository's .lfsconfig may name, whatever its size) runs no filter at
// the checkout: the files are read as the tree holds them, as a module
// zip holds them, and what checkTree bounds is what is written. The old
// code ran the filter: here its mark was made, and the file read was
// what the filter wrote.
func TestGitRepoFilters(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	t.Setenv("TMPDIR", t.TempDir())
	mark := filepath.Join(t.TempDir(), "filtered")
	global := filepath.Join(t.TempDir(), "gitconfig")
	config := fmt.Sprintf("[filter \"big\"]\n\tsmudge = touch %s && echo package a\n\tclean = cat\n\trequired = true\n"+
		"[filter \"lfs\"]\n\tsmudge = touch %s && cat\n\tclean = cat\n\trequired = true\n", mark, mark)
	if err := os.WriteFile(global, []byte(config), 0o666); err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	const src = "package a\n\nfunc A() {}\n"
	for name, text := range map[string]string{"a.go": src, "b.go": src, ".gitattributes": "a.go filter=big\nb.go filter=lfs diff=lfs merge=lfs -text\n*.go text eol=crlf\n"} {
		if err := os.WriteFile(filepath.Join(repo, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	git(t, repo, "", "init", "--quiet")
	git(t, repo, "", "add", "-A")
	git(t, repo, "", "commit", "--quiet", "-m", "filtered")
	// The worker's own git configuration defines the filters.
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	dir, err := sourceDir(context.Background(), "file://"+filepath.ToSlash(repo))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Error("a filter ran at the checkout")
	}
	for _, name := range []string{"a.go", "b.go"} {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != src {
			t.Errorf("%s: %q, %v; want the tree's %q", name, got, err, src)
		}
	}
}

// TestGitRepoFilesRead: of a repository's tree, only the files copycat
// reads are written (Go files, go.mod, .duplignore, at any depth), as of
// a module's zip: a tree of 1,000 empty files of text beside them, a few
// bytes fetched, had them all written (200,000 of them, from 180 KB
// fetched: 200,001 files and 14.9 s).
func TestGitRepoFilesRead(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	t.Setenv("TMPDIR", t.TempDir())
	repo := t.TempDir()
	git(t, repo, "", "init", "--quiet")
	empty := git(t, repo, "", "hash-object", "-w", "--stdin")
	var texts strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&texts, "100644 blob %s\tf%04d.txt\n", empty, i)
	}
	read := map[string]string{"a.go": "package a\n", "go.mod": "module example.com/a\n", ".duplignore": "gen/\n", "sub/b.go": "package sub\n", "sub/.duplignore": "x.go\n"}
	blob := map[string]string{}
	for name, text := range read {
		blob[name] = git(t, repo, text, "hash-object", "-w", "--stdin")
	}
	sub := git(t, repo, fmt.Sprintf("100644 blob %s\tb.go\n100644 blob %s\t.duplignore\n100644 blob %s\tREADME\n", blob["sub/b.go"], blob["sub/.duplignore"], empty), "mktree")
	top := fmt.Sprintf("100644 blob %s\ta.go\n100644 blob %s\tgo.mod\n100644 blob %s\t.duplignore\n040000 tree %s\tsub\n040000 tree %s\ttexts\n",
		blob["a.go"], blob["go.mod"], blob[".duplignore"], sub, git(t, repo, texts.String(), "mktree"))
	commit := git(t, repo, "", "commit-tree", git(t, repo, top, "mktree"), "-m", "texts")
	dir, err := sourceDir(context.Background(), "file://"+filepath.ToSlash(repo)+"#"+commit)
	if err != nil {
		t.Fatal(err)
	}
	written := map[string]string{}
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.IsDir() && e.Name() == ".git" {
			return filepath.SkipDir
		}
		if err == nil && !e.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			b, _ := os.ReadFile(p)
			written[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	if !maps.Equal(written, read) {
		t.Errorf("%d files written (%s …), want %v", len(written), strings.Join(slices.Sorted(maps.Keys(written))[:min(len(written), 8)], " "), read)
	}
}

// TestGitRepoMoved: a repository given without a revision, or at a
// branch, is read at the commit its HEAD or branch names when the run
// lists it, not at the one a run before fetched: the old code kept the
// first run's tree in the temporary directory, named by the argument,
// and read it in every run after. A commit given by its full name is
// fetched once.
func TestGitRepoMoved(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	t.Setenv("TMPDIR", t.TempDir()) // where the pipeline fetches it
	repo := t.TempDir()
	if err := os.WriteFile(filepath.Join(repo, "a.go"), []byte("package a\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	git(t, repo, "", "init", "--quiet")
	git(t, repo, "", "checkout", "--quiet", "-b", "work")
	git(t, repo, "", "add", "-A")
	git(t, repo, "", "commit", "--quiet", "-m", "one")
	first := git(t, repo, "", "rev-parse", "HEAD")
	url := "file://" + filepath.ToSlash(repo)
	byCommit, err := sourceDir(context.Background(), url+"#"+first)
	if err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{url, url + "#work"} {
		if _, err := sourceDir(context.Background(), arg); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "b.go"), []byte("package a\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	git(t, repo, "", "add", "-A")
	git(t, repo, "", "commit", "--quiet", "-m", "two")
	for _, arg := range []string{url, url + "#work"} {
		dir, err := sourceDir(context.Background(), arg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, "b.go")); err != nil {
			t.Errorf("%s after a commit: %v, want the new commit's tree", arg, err)
		}
	}
	dir, err := sourceDir(context.Background(), url+"#"+first)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.go")); dir != byCommit || err == nil {
		t.Errorf("%s#%s: %s (b.go: %v), want the tree fetched before, %s, without b.go", url, first, dir, err, byCommit)
	}
}

// TestGitRepoLinks: the symbolic links of a repository's tree, which
// may lead anywhere on the worker, are left out of the tree fetched, as
// a module zip leaves them out: none of its files reads a file outside
// it (here a copy of a file of the tree, by an absolute and by a
// relative link, which the old code read and reported as a class) or
// fails the run (a link to /proc/self/mem, which the old code's read
// failed with an I/O error).
func TestGitRepoLinks(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	secret, err := os.ReadFile(filepath.Join(repo, "store", "basket.go"))
	if err != nil {
		t.Fatal(err)
	}
	secret = append(secret, "\n// secret\n"...)
	outside := filepath.Join(t.TempDir(), "secret.go")
	for _, p := range []string{outside, filepath.Join(tmp, "secret.go")} {
		if err := os.WriteFile(p, secret, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"shop/leak.go": outside,
		"shop/rel.go":  "../../../secret.go", // from the fetched tree: $TMPDIR/secret.go
		"util/mem.go":  "/proc/self/mem",
		"up":           "..",
	} {
		if err := os.Symlink(target, filepath.Join(repo, filepath.FromSlash(link))); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	git(t, repo, "", "init", "--quiet")
	git(t, repo, "", "add", "-A")
	git(t, repo, "", "commit", "--quiet", "-m", "links")
	dir, err := sourceDir(context.Background(), "file://"+filepath.ToSlash(repo))
	if err != nil {
		t.Fatal(err)
	}
	paths, errs := load.Resolve([]string{tree(dir)}, load.Options{Tests: true})
	if len(errs) > 0 || len(paths) == 0 {
		t.Fatalf("%s: %d files, %v", dir, len(paths), errs)
	}
	for _, p := range paths {
		src, err := load.ReadFile(p, load.DefaultMaxFileSize)
		_, _, fatal := load.ReadFailure(p, err, false)
		if err != nil && fatal != nil {
			t.Errorf("%s: %v, an error of the run", p, fatal)
		}
		if bytes.Contains(src, []byte("// secret")) {
			t.Errorf("%s read a file outside the tree", p)
		}
	}
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.Type()&fs.ModeSymlink != 0 {
			t.Errorf("a link in the tree fetched: %s", p)
		}
		return nil
	})
}

// TestGitRepoTooLarge: a repository whose tree names more files, or
// more bytes, than may be checked out (limits lowered here to 1,000
// files and 1 MiB) is refused before its checkout, naming the argument,
// and nothing of it is written: here a tree of 4,096 files made of
// three levels of 16 trees over one blob (a few hundred bytes fetched),
// and a blob of 2 MiB of zeros. The old code checked both out. A tree
// holding an entry ".." fails its checkout, naming the argument, and
// nothing is written outside.
func TestGitRepoTooLarge(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	defer func(f, b int64) { maxRepoFiles, maxRepoBytes = f, b }(maxRepoFiles, maxRepoBytes)
	maxRepoFiles, maxRepoBytes = 1000, 1<<20
	tag := func(repo, tree, name string) {
		commit := git(t, repo, "", "commit-tree", tree, "-m", name)
		git(t, repo, "", "tag", name, commit)
	}
	repo := t.TempDir()
	git(t, repo, "", "init", "--quiet")
	level := git(t, repo, "package p\n", "hash-object", "-w", "--stdin")
	kind := "blob"
	for i, prefix := range []string{"f", "d", "e"} {
		var b strings.Builder
		for j := range 16 {
			mode := "100644"
			if kind == "tree" {
				mode = "040000"
			}
			name := fmt.Sprintf("%s%02d", prefix, j)
			if i == 0 {
				name += ".go"
			}
			fmt.Fprintf(&b, "%s %s %s\t%s\n", mode, kind, level, name)
		}
		level, kind = git(t, repo, b.String(), "mktree"), "tree"
	}
	tag(repo, level, "bomb")
	zeros := git(t, repo, string(make([]byte, 2<<20)), "hash-object", "-w", "--stdin")
	tag(repo, git(t, repo, "100644 blob "+zeros+"\tzeros.go\n", "mktree"), "zeros")
	evil := git(t, repo, "package evil\n", "hash-object", "-w", "--stdin")
	up := git(t, repo, "100644 blob "+evil+"\tevil.go\n", "mktree")
	tag(repo, git(t, repo, "040000 tree "+up+"\t..\n100644 blob "+evil+"\tok.go\n", "mktree"), "dotdot")
	for rev, says := range map[string]string{
		"bomb":   "its tree holds more than 1000 files",
		"zeros":  "its tree holds more than 1048576 bytes",
		"dotdot": "git checkout",
	} {
		tmp := t.TempDir()
		t.Setenv("TMPDIR", filepath.Join(tmp, "t"))
		os.Mkdir(os.TempDir(), 0o777)
		arg := "file://" + filepath.ToSlash(repo) + "#" + rev
		_, err := sourceDir(context.Background(), arg)
		if err == nil || !strings.Contains(err.Error(), "cannot fetch "+arg) || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v, want an error naming it and saying %q", rev, err, says)
		}
		var written []string
		filepath.WalkDir(tmp, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				written = append(written, p)
			}
			return nil
		})
		if len(written) > 0 {
			t.Errorf("%s: %d files written, such as %s", rev, len(written), written[0])
		}
	}
}
