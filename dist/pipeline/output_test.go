package pipeline

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

// TestOutputChecked: a report that cannot be written is refused before
// the pipeline is built, as copycat refuses its -o before any work: a
// folder that does not exist, a name that is a folder, a file of the
// module, a scheme no Beam file system of the binary writes. The old
// code found the folder only once the work was done ("open DIR: is a
// directory"), made the folders it lacked, and panicked at s3://.
func TestOutputChecked(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ output, want string }{
		{filepath.Join(dir, "no", "such", "report.json"), "no such file or directory"},
		{dir, "is a folder"},
		{filepath.Join(dir, "go.mod"), "will not write a report over go.mod"},
		// A scheme no file system of the binary writes: Beam's check
		// panicked as the pipeline was built.
		{"s3://bucket/report.json", "writes its report to a local path or to gs://, not to s3://"},
	} {
		cfg := DefaultConfig()
		cfg.Dirs, cfg.Output = []string{"../testdata/small"}, c.output
		err := cfg.Check()
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.output) {
			t.Errorf("-o %s: Check says %v, want an error naming it and saying %q", c.output, err, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Errorf("the check made the report's folder")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the checks left %v", entries)
	}
}

// TestOutputReplacedWhole: the report replaces the one there through a
// temporary file renamed into place, as copycat writes its -o: a reader
// of the previous report reads it whole, and nothing else is left in
// its folder. The old code truncated it in place, so that the reader
// read the new report's bytes (and a run killed while it wrote left
// half of one).
func TestOutputReplacedWhole(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "report.json")
	old := strings.Repeat("the previous report\n", 1000)
	if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	reader, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	c := DefaultConfig()
	c.Dirs, c.Output = []string{"../testdata/small"}, out
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	Build(s, c)
	if err := ptest.Run(p); err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	if b, err := io.ReadAll(reader); err != nil || string(b) != old {
		t.Errorf("the previous report's reader read %d bytes (%v), not it whole: it was written over in place", len(b), err)
	}
	got, err := os.ReadFile(out)
	if err != nil || !strings.HasPrefix(string(got), "{\n") || !strings.HasSuffix(string(got), "}\n") {
		t.Errorf("the report is %.40q… (%v), want the JSON report", got, err)
	}
	fi, err := os.Stat(out)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("the report's mode is %v (%v), want the previous report's 0644", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the report's folder holds %v, want the report alone", entries)
	}
}

// TestOutputFormat: the report's format is -format's, or the one -o's
// extension names, and the two must agree, as copycat has them: a file
// whose extension names a format the pipeline does not write (HTML,
// Markdown), or another than -format's, is refused. The old code wrote
// JSON into report.html and report.md, and with -format json into
// report.sarif.
func TestOutputFormat(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		format, output string
		want           string // the format written; "" for an error saying says
		says           string
	}{
		{"", "r.json", "json", ""},
		{"", "r.sarif", "sarif", ""},
		{"", "r.SARIF.json", "sarif", ""},
		{"", "r.txt", "json", ""},
		{"", "report", "json", ""},
		{"sarif", "r.json", "sarif", ""}, // SARIF is JSON
		{"json", "r.sarif", "", "-format json and -o " + filepath.Join(dir, "r.sarif") + " disagree"},
		{"", "r.html", "", "the extension says html, and the pipeline writes json or sarif"},
		{"", "r.md", "", "the extension says markdown"},
		{"html", "r.json", "", "the pipeline writes json or sarif, not html"},
	} {
		cfg := DefaultConfig()
		cfg.Dirs, cfg.Format, cfg.Output = []string{"../testdata/small"}, c.format, filepath.Join(dir, c.output)
		err := cfg.Check()
		switch {
		case c.want == "" && (err == nil || !strings.Contains(err.Error(), c.says)):
			t.Errorf("-format %q -o %s: %v, want an error saying %q", c.format, c.output, err, c.says)
		case c.want != "" && (err != nil || cfg.format() != c.want):
			t.Errorf("-format %q -o %s: %s, %v; want %s", c.format, c.output, cfg.format(), err, c.want)
		}
	}
}

// TestRunnerChecked: a runner Beam does not know is refused before the
// pipeline is built (Beam refused it after, "Forgot to _ import it?",
// exit status 1), and so is a local report on Dataflow, whose workers
// write it on disks of their own, where it is lost once the whole job
// has run: -o's default, copycat.json, among them.
func TestRunnerChecked(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		runner, output string
		says           string // "" for none
		env            string
	}{
		{"", filepath.Join(dir, "r.json"), "", ""},
		{"flink", filepath.Join(dir, "r.json"), "", ""},
		{"dataflow", "gs://bucket/r.json", "", ""},
		{"flnk", filepath.Join(dir, "r.json"), "--runner flnk: no such runner", ""},
		{"dataflow", "copycat.json", "-o copycat.json: on Dataflow a worker writes the report", ""},
		{"DataflowRunner", filepath.Join(dir, "r.json"), "name a gs:// path", ""},
		// A cluster's workers write a local path on their own file
		// system, which this machine may not see; Prism's, on it.
		{"flink", "/shared/of/the/cluster/r.json", "", ""},
		{"prism", "/shared/of/the/cluster/r.json", "no such file or directory", ""},
		{"flink", "/shared/of/the/cluster/r.json", "no such file or directory", "LOOPBACK"},
	} {
		cfg := DefaultConfig()
		cfg.Dirs, cfg.Runner, cfg.Environment, cfg.Output = []string{"../testdata/small"}, c.runner, c.env, c.output
		err := cfg.Check()
		if c.says == "" && err != nil || c.says != "" && (err == nil || !strings.Contains(err.Error(), c.says)) {
			t.Errorf("--runner %q -o %s: %v, want an error saying %q", c.runner, c.output, err, c.says)
		}
	}
}
