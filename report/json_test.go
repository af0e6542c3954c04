package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

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
