package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/copycat-go/copycat/fingerprint"
)

// sarifSchema compiles the official SARIF 2.1.0 schema kept in testdata
// (see testdata/sarif-schema-2.1.0.SOURCE.md), with formats asserted.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const url = "file:///sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSARIFValidates(t *testing.T) {
	schema := sarifSchema(t)
	rep, _ := fixture(t, "clones.txtar")
	tests := []struct {
		name string
		rep  *Report
	}{
		{"clones", rep},
		{"no clones", &Report{}},
		{"absolute and odd paths", &Report{Classes: []fingerprint.Class{{
			ID: "ab12", Kind: fingerprint.Near, Similarity: 0.91234, Tokens: 40, Lines: 6,
			Fragments: []fingerprint.Fragment{
				{File: "/abs/dir with space/x.go", Start: fingerprint.Position{Line: 3, Column: 1}, End: fingerprint.Position{Line: 9, Column: 2}},
				{File: "a:b/ü.go", Start: fingerprint.Position{Line: 1, Column: 1}, End: fingerprint.Position{Line: 6, Column: 2}},
			},
		}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := SARIF(&buf, tt.rep); err != nil {
				t.Fatal(err)
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if err := schema.Validate(doc); err != nil {
				t.Errorf("SARIF output does not validate: %v\n%s", err, buf.Bytes())
			}
		})
	}
}

// TestSARIFSchemaRejects makes sure the validation has teeth.
func TestSARIFSchemaRejects(t *testing.T) {
	schema := sarifSchema(t)
	for _, doc := range []string{
		`{"version": "2.1.0"}`,
		`{"version": "2.0.0", "runs": []}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "level": "loud"}]}]}`,
	} {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(doc)))
		if err != nil {
			t.Fatal(err)
		}
		if schema.Validate(v) == nil {
			t.Errorf("schema accepts %s", doc)
		}
	}
}

func TestSARIFShape(t *testing.T) {
	rep, _ := fixture(t, "clones.txtar")
	var buf bytes.Buffer
	if err := SARIF(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, buf.Bytes(), "", "  "); err != nil {
		t.Fatal(err)
	}
	golden(t, "clones.sarif", pretty.Bytes())
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if want := rep.Stats.Fragments; len(results) != want {
		t.Fatalf("got %d results, want one per fragment (%d)", len(results), want)
	}
	// Each copy's differing lines, in the order of the classes' fragments.
	k, differing := 0, 0
	for _, c := range rep.Classes {
		for _, f := range c.Fragments {
			if got, want := results[k].Properties.Differs, lineRanges(f.Differs); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: differs %v, want %v", results[k].Message.Text, got, want)
			}
			differing += len(f.Differs)
			k++
		}
	}
	if differing == 0 {
		t.Error("the fixture has no copy with differing lines")
	}
	seen := map[string]bool{}
	for _, r := range results {
		if got, want := len(r.RelatedLocations), r.Properties.Copies-1; got != want {
			t.Errorf("%s: %d related locations, want %d", r.Message.Text, got, want)
		}
		if sarifRules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("ruleIndex %d is %s, not %s", r.RuleIndex, sarifRules[r.RuleIndex].ID, r.RuleID)
		}
		fp := r.PartialFingerprints[FingerprintKey]
		if seen[fp] {
			t.Errorf("fingerprint %s used twice", fp)
		}
		seen[fp] = true
	}
}

func TestFileURI(t *testing.T) {
	tests := []struct{ name, uri, base string }{
		{"a/b.go", "a/b.go", "%SRCROOT%"},
		{"./a/b.go", "a/b.go", "%SRCROOT%"},
		{"a b/c#d.go", "a%20b/c%23d.go", "%SRCROOT%"},
		{"a:b.go", "./a:b.go", "%SRCROOT%"},
		{"/usr/src/x.go", "file:///usr/src/x.go", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uri, base := fileURI(tt.name)
			if uri != tt.uri || base != tt.base {
				t.Errorf("fileURI(%q) = %q, %q; want %q, %q", tt.name, uri, base, tt.uri, tt.base)
			}
		})
	}
}
