package ci

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
	"go.yaml.in/yaml/v3"
)

// action is the part of action.yml that GitHub's runner reads.
type action struct {
	Name   string
	Inputs map[string]struct {
		Description string
		Default     string
	}
	Outputs map[string]struct{ Value string }
	Runs    struct {
		Using string
		Steps []step
	}
}

type step struct {
	Name             string
	ID               string
	If               string
	Shell            string
	Run              string
	Uses             string
	WorkingDirectory string `yaml:"working-directory"`
	Env              map[string]string
	With             map[string]string
}

func readAction(t *testing.T) *action {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testtool.Root(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return &a
}

// TestActionShape: a composite action whose shell steps take inputs only
// through env (an input spliced into a script is a script injection) and
// that uploads SARIF with GitHub's own action.
func TestActionShape(t *testing.T) {
	a := readAction(t)
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", a.Runs.Using)
	}
	var uploads int
	for _, s := range a.Runs.Steps {
		if s.Run != "" {
			if strings.Contains(s.Run, "${{") {
				t.Errorf("step %q splices an expression into its script; pass it through env", s.Name)
			}
			if s.Shell != "bash" {
				t.Errorf("step %q: shell %q, want bash", s.Name, s.Shell)
			}
		}
		if strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") {
			uploads++
		}
	}
	if uploads != 1 {
		t.Errorf("%d upload-sarif steps, want 1", uploads)
	}
	for name, in := range a.Inputs {
		if in.Description == "" {
			t.Errorf("input %s has no description", name)
		}
	}
}

// TestAction runs the action's steps on fixtures as GitHub's runner runs
// a composite action: each shell step with bash -eo pipefail, its env
// expanded, GITHUB_OUTPUT and GITHUB_PATH honoured, a step skipped after
// a failure or when its condition is false. The upload step, which needs
// GitHub, is recorded with its inputs.
func TestAction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds copycat")
	}
	a := readAction(t)
	min60 := "-min-tokens 60 -min-lines 3"
	steps := func(names ...string) []string { return names }
	for _, tc := range []struct {
		name    string
		inputs  map[string]string
		subdir  string // where the fixture module goes in the workspace
		ran     []string
		failed  string // the step that failed, if any
		found   string
		sarif   string // relative to the workspace
		results int    // results in the SARIF file
		summary string // the job summary's heading, when the run succeeded
	}{
		{name: "clones", inputs: map[string]string{"flags": min60},
			ran: steps("Install copycat", "Run copycat", "Upload SARIF to code scanning"), found: "true", sarif: "copycat.sarif", results: 2,
			summary: "### copycat: 1 clone class, "},
		{name: "no clones at the defaults",
			ran: steps("Install copycat", "Run copycat", "Upload SARIF to code scanning"), found: "false", sarif: "copycat.sarif", results: 0,
			summary: "### copycat: 0 clone classes, "},
		{name: "fail on clones", inputs: map[string]string{"flags": min60, "fail-on-clones": "true"},
			ran: steps("Install copycat", "Run copycat", "Upload SARIF to code scanning", "Fail on clones"), failed: "Fail on clones", found: "true", sarif: "copycat.sarif", results: 2,
			summary: "### copycat: 1 clone class, "},
		{name: "fail on clones, none", inputs: map[string]string{"fail-on-clones": "true"},
			ran: steps("Install copycat", "Run copycat", "Upload SARIF to code scanning"), found: "false", sarif: "copycat.sarif",
			summary: "### copycat: 0 clone classes, "},
		{name: "working directory", subdir: "mod", inputs: map[string]string{"flags": min60, "working-directory": "mod", "sarif": "out/copycat.sarif", "upload": "false"},
			ran: steps("Install copycat", "Run copycat"), found: "true", sarif: "mod/out/copycat.sarif", results: 2,
			summary: "### copycat: 1 clone class, "},
		{name: "error uploads nothing", inputs: map[string]string{"packages": "./stats/... ./missing/..."},
			ran: steps("Install copycat", "Run copycat"), failed: "Run copycat"},
		// An input written as a YAML block (packages: |) holds a word a
		// line: every line is read, not the first alone.
		{name: "packages on lines", inputs: map[string]string{"packages": "./stats/...\n./missing/...\n"},
			ran: steps("Install copycat", "Run copycat"), failed: "Run copycat"},
		{name: "flags on lines", inputs: map[string]string{"flags": "-min-tokens 60\n-min-lines 3\n-max-occurrences -1\n"},
			ran: steps("Install copycat", "Run copycat"), failed: "Run copycat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			writeFixture(t, filepath.Join(ws, tc.subdir), "clones.txtar")
			j := newJob(t, a, tc.inputs, ws)
			summary := filepath.Join(t.TempDir(), "summary.md")
			j.env = append(j.env, "GITHUB_STEP_SUMMARY="+summary)
			j.run()
			if !slices.Equal(j.ran, tc.ran) || j.failed != tc.failed {
				t.Fatalf("ran %q, failed %q; want %q, failed %q\n%s", j.ran, j.failed, tc.ran, tc.failed, j.log.String())
			}
			// The summary says which copies were found, whether or not
			// the report goes to code scanning.
			body, _ := os.ReadFile(summary)
			if tc.summary != "" && !strings.HasPrefix(string(body), tc.summary) {
				t.Errorf("job summary %q, want it to start %q", body, tc.summary)
			}
			if tc.summary == "" && len(body) > 0 {
				t.Errorf("job summary %q after a failed run, want none", body)
			}
			if tc.failed == "Fail on clones" {
				want := "::error title=copycat::clones reported: the job summary lists them"
				if tc.inputs["upload"] != "false" {
					want += ", code scanning shows them"
				}
				if !strings.Contains(j.log.String(), want+"\n") {
					t.Errorf("the failing step said\n%s\nwant %q", j.log.String(), want)
				}
			}
			if tc.failed == "Run copycat" && !strings.Contains(j.log.String(), "its error is in this step's log, above") {
				t.Errorf("the failing step said\n%s\nwant it to point at copycat's error", j.log.String())
			}
			if tc.sarif == "" {
				return
			}
			sarif := filepath.Join(ws, tc.sarif)
			if got := j.output("sarif"); got != sarif {
				t.Errorf("output sarif = %q, want %q", got, sarif)
			}
			if got := j.output("found"); got != tc.found {
				t.Errorf("output found = %q, want %q", got, tc.found)
			}
			if n := sarifResults(t, sarif); n != tc.results {
				t.Errorf("%d SARIF results, want %d", n, tc.results)
			}
			if slices.Contains(tc.ran, "Upload SARIF to code scanning") {
				want := map[string]string{"sarif_file": sarif, "category": "copycat"}
				if len(j.uses) != 1 || !maps.Equal(j.uses[0].with, want) {
					t.Errorf("upload-sarif with %v, want %v", j.uses, want)
				}
			}
		})
	}
}

// TestActionReportThroughLink: a pull request can commit a symbolic link
// where the SARIF report goes, the file (copycat.sarif, the default) or a
// folder of its path; the report is not written wherever the link leads,
// and the step fails naming it.
func TestActionReportThroughLink(t *testing.T) {
	if testing.Short() {
		t.Skip("builds copycat")
	}
	for _, tc := range []struct{ name, sarif, link, target, victim string }{
		// copycat.sarif -> OUTSIDE/precious
		{"file", "copycat.sarif", "copycat.sarif", "precious", "precious"},
		// out -> OUTSIDE, the report OUTSIDE/copycat.sarif
		{"folder", "out/copycat.sarif", "out", "", "copycat.sarif"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			writeFixture(t, ws, "clones.txtar")
			outside := t.TempDir()
			victim := filepath.Join(outside, tc.victim)
			if err := os.WriteFile(victim, []byte("kept\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(outside, tc.target), filepath.Join(ws, tc.link)); err != nil {
				t.Fatal(err)
			}
			j := newJob(t, readAction(t), map[string]string{"sarif": tc.sarif, "flags": "-min-tokens 60 -min-lines 3"}, ws)
			j.run()
			if j.failed != "Run copycat" {
				t.Errorf("failed %q, want the step Run copycat\n%s", j.failed, j.log.String())
			}
			if got, err := os.ReadFile(victim); err != nil || string(got) != "kept\n" {
				t.Errorf("the file the link leads to holds %.40q (%v), want it kept", got, err)
			}
			if !strings.Contains(j.log.String(), tc.link+" is a symbolic link") {
				t.Errorf("the log does not name the link %s:\n%s", tc.link, j.log.String())
			}
		})
	}
}

// TestActionOutputOneLine: the report's path goes to GITHUB_OUTPUT, a
// line an output; a sarif input holding a line break (or a carriage
// return, which the runner reads as one), or a working directory whose
// path holds one, wrote lines of its own there, such as an output sarif
// naming another file, which the upload step then sent. The step fails
// before copycat runs, and writes no output.
func TestActionOutputOneLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds copycat")
	}
	for _, tc := range []struct{ name, sarif, dir string }{
		{"newline", "copycat.sarif\nsarif=/elsewhere.sarif", ""},
		{"carriage return", "copycat.sarif\rsarif=/elsewhere.sarif", ""},
		{"working directory", "copycat.sarif", "mod\nsarif=/elsewhere"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			writeFixture(t, filepath.Join(ws, tc.dir), "clones.txtar")
			inputs := map[string]string{"sarif": tc.sarif, "flags": "-min-tokens 60 -min-lines 3"}
			if tc.dir != "" {
				inputs["working-directory"] = tc.dir
			}
			j := newJob(t, readAction(t), inputs, ws)
			j.run()
			if want := []string{"Install copycat", "Run copycat"}; !slices.Equal(j.ran, want) || j.failed != "Run copycat" {
				t.Fatalf("ran %q, failed %q; want %q, failed Run copycat\n%s", j.ran, j.failed, want, j.log.String())
			}
			if outs := j.outputs["run"]; len(outs) > 0 {
				t.Errorf("outputs %q, want none", outs)
			}
			if !strings.Contains(j.log.String(), "holds a line break") {
				t.Errorf("the log does not say why:\n%s", j.log.String())
			}
			if strings.Contains(j.log.String(), "/elsewhere") {
				t.Errorf("the log prints the input:\n%s", j.log.String())
			}
		})
	}
}

// TestActionJobGoEnv: a job whose environment sets GOFLAGS=-mod=vendor
// (a repository that vendors its dependencies) or GOWORK (a workspace of
// its own) still installs copycat, which has neither: the install failed,
// "inconsistent vendoring", go.work not holding copycat's module.
func TestActionJobGoEnv(t *testing.T) {
	if testing.Short() {
		t.Skip("builds copycat")
	}
	work := filepath.Join(t.TempDir(), "go.work")
	if err := os.WriteFile(work, []byte("go 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, env := range []string{"GOFLAGS=-mod=vendor", "GOWORK=" + work} {
		t.Run(env, func(t *testing.T) {
			ws := t.TempDir()
			writeFixture(t, ws, "clones.txtar")
			j := newJob(t, readAction(t), map[string]string{"flags": "-min-tokens 60 -min-lines 3", "upload": "false"}, ws)
			j.env = append(j.env, env)
			j.run()
			if want := []string{"Install copycat", "Run copycat"}; !slices.Equal(j.ran, want) || j.failed != "" {
				t.Fatalf("ran %q, failed %q; want %q\n%s", j.ran, j.failed, want, j.log.String())
			}
			if got := j.output("found"); got != "true" {
				t.Errorf("output found = %q, want true", got)
			}
		})
	}
}

// TestActionVersion: with a version, the action go installs that version
// of copycat into a directory it puts on PATH.
func TestActionVersion(t *testing.T) {
	ws := t.TempDir()
	fake := t.TempDir()
	script := "#!/bin/sh\necho \"GOBIN=$GOBIN $*\" >> \"$FAKE_GO_LOG\"\n"
	if err := os.WriteFile(filepath.Join(fake, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	j := newJob(t, readAction(t), map[string]string{"version": "v1.2.3"}, ws)
	logFile := filepath.Join(t.TempDir(), "go.log")
	j.env = append(j.env, "PATH="+fake+string(os.PathListSeparator)+os.Getenv("PATH"), "FAKE_GO_LOG="+logFile)
	j.run()
	got, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatalf("go was not run: %v\n%s", err, j.log.String())
	}
	bin := filepath.Join(j.temp, "copycat", "bin")
	want := "GOBIN=" + bin + " install github.com/copycat-go/copycat/cmd/copycat@v1.2.3\n"
	if string(got) != want {
		t.Errorf("go ran as\n%s\nwant\n%s", got, want)
	}
	if !slices.Contains(j.path, bin) {
		t.Errorf("GITHUB_PATH gained %q, want %s", j.path, bin)
	}
}

// sarifResults counts the results of a SARIF file's runs.
func sarifResults(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string
		Runs    []struct{ Results []json.RawMessage }
	}
	if err := json.Unmarshal(data, &log); err != nil || log.Version != "2.1.0" {
		t.Fatalf("%s is not SARIF 2.1.0: %v", path, err)
	}
	n := 0
	for _, r := range log.Runs {
		n += len(r.Results)
	}
	return n
}

// A job runs one action the way GitHub's runner does, as far as a test
// needs: the expressions it knows are inputs.*, steps.*.outputs.*,
// github.action_path, github.workspace and runner.temp, conditions are
// &&-joined comparisons with ==, and a step runs only while no step
// before it failed (the implicit success()).
type job struct {
	t          *testing.T
	a          *action
	inputs     map[string]string
	actionPath string // the action's checkout: the repository's root unless set
	workspace  string
	temp       string
	env        []string                     // added to every step's environment
	path       []string                     // directories steps added to PATH, newest first
	outputs    map[string]map[string]string // step id → its outputs
	uses       []used                       // steps that use another action
	ran        []string                     // names of the steps that ran
	failed     string                       // the step that failed
	log        bytes.Buffer
}

type used struct {
	uses string
	with map[string]string
}

func newJob(t *testing.T, a *action, inputs map[string]string, workspace string) *job {
	j := &job{t: t, a: a, inputs: map[string]string{}, workspace: workspace, temp: t.TempDir(), outputs: map[string]map[string]string{}}
	for name, in := range a.Inputs {
		j.inputs[name] = in.Default
	}
	for name, v := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("action.yml has no input %q", name)
		}
		j.inputs[name] = v
	}
	return j
}

func (j *job) run() {
	for _, s := range j.a.Runs.Steps {
		if j.failed != "" || !j.condition(s.If) {
			continue
		}
		j.ran = append(j.ran, s.Name)
		if s.Uses != "" {
			with := map[string]string{}
			for k, v := range s.With {
				with[k] = j.expand(v)
			}
			j.uses = append(j.uses, used{s.Uses, with})
			continue
		}
		if err := j.shell(s); err != nil {
			fmt.Fprintf(&j.log, "step %q failed: %v\n", s.Name, err)
			j.failed = s.Name
		}
	}
}

// output is the value of one of the action's outputs.
func (j *job) output(name string) string {
	out, ok := j.a.Outputs[name]
	if !ok {
		j.t.Fatalf("action.yml has no output %q", name)
	}
	return j.expand(out.Value)
}

// shell runs a run step with bash, as GitHub runs shell: bash.
func (j *job) shell(s step) error {
	dir := j.workspace
	if s.WorkingDirectory != "" {
		dir = filepath.Join(dir, j.expand(s.WorkingDirectory))
	}
	script := filepath.Join(j.temp, "step.sh")
	outFile := filepath.Join(j.temp, "output")
	pathFile := filepath.Join(j.temp, "path")
	for _, f := range []string{outFile, pathFile} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			j.t.Fatal(err)
		}
	}
	if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
		j.t.Fatal(err)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), j.env...)
	cmd.Env = append(cmd.Env,
		"CI=true", "GITHUB_ACTIONS=true",
		"GITHUB_WORKSPACE="+j.workspace, "GITHUB_ACTION_PATH="+j.value("github.action_path"), "RUNNER_TEMP="+j.temp,
		"GITHUB_OUTPUT="+outFile, "GITHUB_PATH="+pathFile)
	if len(j.path) > 0 {
		cmd.Env = append(cmd.Env, "PATH="+strings.Join(j.path, string(os.PathListSeparator))+string(os.PathListSeparator)+lookupEnv(cmd.Env, "PATH"))
	}
	for k, v := range s.Env {
		cmd.Env = append(cmd.Env, k+"="+j.expand(v))
	}
	cmd.Stdout, cmd.Stderr = &j.log, &j.log
	err := cmd.Run()
	j.readFiles(s.ID, outFile, pathFile)
	return err
}

// readFiles takes in what a step wrote to GITHUB_OUTPUT and GITHUB_PATH.
func (j *job) readFiles(id, outFile, pathFile string) {
	outs := map[string]string{}
	for _, line := range readLines(j.t, outFile) {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			j.t.Fatalf("GITHUB_OUTPUT line %q is not name=value", line)
		}
		outs[k] = v
	}
	if id != "" {
		j.outputs[id] = outs
	}
	for _, dir := range readLines(j.t, pathFile) {
		j.path = append([]string{dir}, j.path...)
	}
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// expand replaces the ${{ }} expressions of s.
func (j *job) expand(s string) string {
	return expression.ReplaceAllStringFunc(s, func(m string) string {
		return j.value(expression.FindStringSubmatch(m)[1])
	})
}

// value evaluates a context path such as inputs.flags.
func (j *job) value(path string) string {
	parts := strings.Split(path, ".")
	switch {
	case len(parts) == 2 && parts[0] == "inputs":
		v, ok := j.inputs[parts[1]]
		if !ok {
			j.t.Fatalf("action.yml uses undeclared input %q", parts[1])
		}
		return v
	case len(parts) == 4 && parts[0] == "steps" && parts[2] == "outputs":
		return j.outputs[parts[1]][parts[3]]
	case path == "github.action_path" && j.actionPath != "":
		return j.actionPath
	case path == "github.action_path":
		return testtool.Root(j.t)
	case path == "github.workspace":
		return j.workspace
	case path == "runner.temp":
		return j.temp
	}
	j.t.Fatalf("expression %q is beyond this test's runner", path)
	return ""
}

var comparison = regexp.MustCompile(`^([\w.-]+) == '([^']*)'$`)

// condition evaluates an if: of &&-joined comparisons.
func (j *job) condition(cond string) bool {
	cond = strings.TrimSpace(cond)
	if m := expression.FindStringSubmatch(cond); m != nil && m[0] == cond {
		cond = m[1]
	}
	if cond == "" {
		return true
	}
	for term := range strings.SplitSeq(cond, "&&") {
		m := comparison.FindStringSubmatch(strings.TrimSpace(term))
		if m == nil {
			j.t.Fatalf("condition %q is beyond this test's runner", cond)
		}
		if j.value(m[1]) != m[2] {
			return false
		}
	}
	return true
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sc.Text() != "" {
			lines = append(lines, sc.Text())
		}
	}
	return lines
}

func lookupEnv(env []string, name string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == name {
			v = val // the last one wins, as in os/exec
		}
	}
	return v
}

// TestActionPullRequest: on a pull request (GITHUB_BASE_REF set) the
// action judges only what the branch changes against the merge base of
// its base branch, fetched from origin when the checkout lacks it: the
// job's found and its summary are the change's, while code scanning
// gets the whole tree's SARIF, as on the base branch; changes: off
// reports the tree. A branch that adds no copy finds none.
func TestActionPullRequest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds copycat")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	// origin holds main; the workspace is a clone of depth 1 of a
	// branch that adds a function and a copy of it (a new class: a paste
	// of Median, which has a near copy already, would grow its class,
	// which does not fail a change).
	origin := t.TempDir()
	writeFixture(t, origin, "clones.txtar")
	git(origin, "init", "-q")
	git(origin, "add", "-A")
	git(origin, "commit", "-q", "-m", "base")
	git(origin, "checkout", "-q", "-b", "feature")
	mean := `package more

// %s returns the mean of the values of xs within [lo, hi].
func %s(xs []float64, lo, hi float64) (float64, int) {
	total, n := 0.0, 0
	for _, x := range xs {
		if x < lo || x > hi {
			continue
		}
		total += x
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return total / float64(n), n
}
`
	if err := os.MkdirAll(filepath.Join(origin, "more"), 0o755); err != nil {
		t.Fatal(err)
	}
	for file, name := range map[string]string{"mean.go": "Mean", "average.go": "Average"} {
		if err := os.WriteFile(filepath.Join(origin, "more", file), []byte(fmt.Sprintf(mean, name, name)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(origin, "add", "-A")
	git(origin, "commit", "-q", "-m", "paste")
	git(origin, "checkout", "-q", "-b", "quiet", "main")
	if err := os.WriteFile(filepath.Join(origin, "README"), []byte("no code\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git(origin, "add", "-A")
	git(origin, "commit", "-q", "-m", "no copy")
	for _, tc := range []struct {
		branch, changes string
		found           string
		summary         string // the job summary's heading
	}{
		{"feature", "auto", "true", "### copycat: 1 new copy, "},
		// The whole tree's classes: the fixture's and the branch's.
		{"feature", "off", "true", "### copycat: 2 clone classes, "},
		{"quiet", "auto", "false", "### copycat: 0 new copies, "},
	} {
		t.Run(tc.branch+" "+tc.changes, func(t *testing.T) {
			ws := filepath.Join(t.TempDir(), "ws")
			git(filepath.Dir(ws), "clone", "-q", "--depth", "1", "--branch", tc.branch, "file://"+origin, ws)
			summary := filepath.Join(t.TempDir(), "summary.md")
			j := newJob(t, readAction(t), map[string]string{"flags": "-min-tokens 60 -min-lines 3", "upload": "false", "changes": tc.changes}, ws)
			j.env = append(j.env, "GITHUB_BASE_REF=main", "GITHUB_STEP_SUMMARY="+summary)
			j.run()
			if j.failed != "" {
				t.Fatalf("failed %q\n%s", j.failed, j.log.String())
			}
			// The whole tree: the fixture's class of two copies, and
			// the branch's.
			want := 2
			if tc.branch == "feature" {
				want = 4
			}
			if n := sarifResults(t, filepath.Join(ws, "copycat.sarif")); n != want {
				t.Errorf("%d SARIF results, want the whole tree's %d", n, want)
			}
			if got := j.output("found"); got != tc.found {
				t.Errorf("found = %q, want %q", got, tc.found)
			}
			body, _ := os.ReadFile(summary)
			if !strings.HasPrefix(string(body), tc.summary) {
				t.Errorf("job summary %q, want it to start %q", body, tc.summary)
			}
		})
	}
}

// TestActionGoTooOld: a job whose Go is older than copycat's go.mod asks
// for, with GOTOOLCHAIN=local (actions/setup-go of a project's own older
// go.mod sets it) so that go does not fetch a newer one, failed at the
// install with go's line alone; the step now says what is wrong and
// what to do. Another failure of the install says where its error is.
func TestActionGoTooOld(t *testing.T) {
	for _, tc := range []struct{ name, goMod, want string }{
		{"too old", "module github.com/copycat-go/copycat\n\ngo 1.99\n",
			`(?m)^::error title=copycat::copycat needs Go 1\.99 or later, and this job's go is go1\.[0-9.]+, which GOTOOLCHAIN=local keeps from fetching a newer one: set up Go 1\.99 or later before this action \(actions/setup-go with go-version: stable\), or leave GOTOOLCHAIN unset \(auto\)$`},
		{"broken", "module github.com/copycat-go/copycat\n\ngo 1.26\n\nrequire (\n",
			`(?m)^::error title=copycat::installing copycat failed \(go install, exit status 1\): its error is in this step's log, above$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			testtool.WriteFiles(t, src, map[string]string{"go.mod": tc.goMod, "cmd/copycat/main.go": "package main\n\nfunc main() {}\n"})
			j := newJob(t, readAction(t), nil, t.TempDir())
			j.actionPath = src
			j.env = append(j.env, "GOTOOLCHAIN=local")
			j.run()
			if want := []string{"Install copycat"}; !slices.Equal(j.ran, want) || j.failed != "Install copycat" {
				t.Fatalf("ran %q, failed %q; want %q, failed Install copycat\n%s", j.ran, j.failed, want, j.log.String())
			}
			if !regexp.MustCompile(tc.want).MatchString(j.log.String()) {
				t.Errorf("the install said\n%s\nwant a line matching %s", j.log.String(), tc.want)
			}
		})
	}
}

// TestActionFlagsFightInputs: a flag of the flags input that the action
// sets itself overrode it in silence, copycat reading the last: with
// -exit-code 0 a run with clones passed, found false and fail-on-clones
// never failing; -o and -format had another file, or format, uploaded.
// Such a flag now fails the step before copycat runs, naming the flag.
func TestActionFlagsFightInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds copycat")
	}
	for _, flags := range []string{
		"-min-tokens 60 -min-lines 3 -exit-code 0", "--exit-code=0 -min-tokens 60", "-o other.json", "-format=json", "--json",
		"-update-baseline -baseline b.txt", "-version",
	} {
		t.Run(flags, func(t *testing.T) {
			ws := t.TempDir()
			writeFixture(t, ws, "clones.txtar")
			j := newJob(t, readAction(t), map[string]string{"flags": flags, "fail-on-clones": "true"}, ws)
			j.run()
			if want := []string{"Install copycat", "Run copycat"}; !slices.Equal(j.ran, want) || j.failed != "Run copycat" {
				t.Fatalf("ran %q, failed %q; want %q, failed Run copycat\n%s", j.ran, j.failed, want, j.log.String())
			}
			name := strings.TrimLeft(strings.Fields(strings.ReplaceAll(flags, "-min-tokens 60 -min-lines 3 ", ""))[0], "-")
			name, _, _ = strings.Cut(name, "=")
			if want := "::error title=copycat::the flags input gives -" + name + ", which the action's own inputs decide: "; !strings.Contains(j.log.String(), want) {
				t.Errorf("the step said\n%s\nwant %q", j.log.String(), want)
			}
			if _, err := os.Stat(filepath.Join(ws, "copycat.sarif")); err == nil {
				t.Error("copycat ran")
			}
		})
	}
}

// TestActionPackagesAreNotFlags: copycat reads flags among its arguments
// (copycat ./... -min-tokens 50), so that a word of the packages input
// that starts with "-" was a flag: packages "./... -exit-code 0" made a
// run with clones pass under fail-on-clones, as the flags input did.
// The packages come after "--" now: such a word is a path, which does
// not exist, and the step fails with copycat's error.
func TestActionPackagesAreNotFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds copycat")
	}
	ws := t.TempDir()
	writeFixture(t, ws, "clones.txtar")
	j := newJob(t, readAction(t), map[string]string{"packages": "./... -exit-code 0", "flags": "-min-tokens 60 -min-lines 3", "fail-on-clones": "true"}, ws)
	j.run()
	if want := []string{"Install copycat", "Run copycat"}; !slices.Equal(j.ran, want) || j.failed != "Run copycat" {
		t.Fatalf("ran %q, failed %q; want %q, failed Run copycat\n%s", j.ran, j.failed, want, j.log.String())
	}
	if !strings.Contains(j.log.String(), "-exit-code") || !strings.Contains(j.log.String(), "its error is in this step's log, above") {
		t.Errorf("the step said\n%s\nwant copycat's error naming -exit-code as a path", j.log.String())
	}
}
