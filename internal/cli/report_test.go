package cli

import (
	"encoding/json"
	"os"
	"testing"
)

// The reports name the copycat that wrote them; the tests fix its version
// so that the golden files do not depend on how the test was built.
func init() {
	toolVersion = func() string { return "v1.2.3-test" }
}

// TestSARIFCarriesWarnings checks that a file that does not parse is a
// notification of the SARIF log's invocation, at its file and line, and
// that the log names copycat's version.
func TestSARIFCarriesWarnings(t *testing.T) {
	unpack(t, "module.txtar")
	if err := os.WriteFile("stats/bad.go", []byte("package stats\n\nfunc broken( {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, append(small, "-format", "sarif")...)
	if code != ExitClones {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, ExitClones, stderr)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Version string }
			}
			Invocations []struct {
				ExecutionSuccessful        bool
				ToolExecutionNotifications []struct {
					Level     string
					Message   struct{ Text string }
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
							Region           struct{ StartLine int }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if v := run.Tool.Driver.Version; v != "v1.2.3-test" {
		t.Errorf("driver version %q", v)
	}
	if len(run.Invocations) != 1 || !run.Invocations[0].ExecutionSuccessful {
		t.Fatalf("invocations %+v, want one that succeeded", run.Invocations)
	}
	ns := run.Invocations[0].ToolExecutionNotifications
	if len(ns) != 1 || ns[0].Level != "warning" || len(ns[0].Locations) != 1 {
		t.Fatalf("notifications %+v, want the syntax error as one warning with a location", ns)
	}
	if l := ns[0].Locations[0].PhysicalLocation; l.ArtifactLocation.URI != "stats/bad.go" || l.Region.StartLine != 3 {
		t.Errorf("warning %q at %+v, want stats/bad.go line 3", ns[0].Message.Text, l)
	}
}
