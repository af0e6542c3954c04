package report

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/version"
)

// TestJSONTool checks that the JSON report names the copycat that wrote
// it, after the schema's version.
func TestJSONTool(t *testing.T) {
	rep, _ := fixture(t, "clones.txtar")
	for _, tt := range []struct {
		rep  *Report
		want string
	}{{rep, testVersion}, {&Report{}, version.Version()}} {
		var buf bytes.Buffer
		if err := JSON(&buf, tt.rep); err != nil {
			t.Fatal(err)
		}
		var out struct {
			Tool struct{ Name, Version string }
		}
		if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		if out.Tool.Name != "copycat" || out.Tool.Version != tt.want {
			t.Errorf("tool %+v, want copycat %s", out.Tool, tt.want)
		}
		if !strings.HasPrefix(buf.String(), "{\n  \"version\": 1,\n  \"tool\": {") {
			t.Errorf("the report does not start with its version and tool:\n%.80s", buf.String())
		}
	}
}

// Names that are not UTF-8 stay apart in the JSON report: JSON would
// turn each of their bad bytes into U+FFFD.
func TestJSONNamesApart(t *testing.T) {
	c := class("id", fingerprint.Exact, "x\xff.go", "x\xfe.go", `"q".go`)
	var buf bytes.Buffer
	if err := JSON(&buf, &Report{Classes: []fingerprint.Class{c}}); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Classes []struct {
			Fragments []struct{ File string }
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range out.Classes[0].Fragments {
		got = append(got, f.File)
	}
	if want := []string{`"x\xff.go"`, `"x\xfe.go"`, `"\"q\".go"`}; !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}
