package lsp

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The end of indexing says what was indexed with the plural right: the
// test workspace holds one clone class, not "1 clone classes".
func TestIndexedMessageCounts(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	var p struct {
		Value struct{ Kind, Message string } `json:"value"`
	}
	e.await("progress end", func(m *message) bool {
		return m.Method == "$/progress" && json.Unmarshal(m.Params, &p) == nil && p.Value.Kind == "end"
	})
	if !regexp.MustCompile(`^3 files, 1 clone class in \S+$`).MatchString(p.Value.Message) {
		t.Errorf("progress end %q, want 3 files, 1 clone class in …", p.Value.Message)
	}
	e.exit()
}

func TestOffsetPastTheEndCountsLines(t *testing.T) {
	p := position{Line: 3}
	_, errOffset := offset([]byte("package p"), p)
	_, errApply := apply([]byte("package p"), []contentChange{{Range: &lspRange{p, p}}})
	for _, err := range []error{errOffset, errApply} {
		if err == nil || !strings.Contains(err.Error(), "(1 line)") {
			t.Errorf("err %v, want one that says the text has 1 line", err)
		}
	}
}
