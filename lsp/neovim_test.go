package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/copycat-go/copycat/internal/testtool"
)

// The server and the proxy driven by a real editor: Neovim, headless,
// with the script testdata/neovim.lua (Debian's neovim, which `make
// neovim` installs). Without it the test skips under plain go test and
// fails in CI.

// serverEnv makes this test binary run as `copycat lsp` (see TestMain),
// so that Neovim can start it.
const serverEnv = "COPYCAT_LSP_TEST_SERVER"

func TestMain(m *testing.M) {
	if os.Getenv(serverEnv) != "" {
		if err := Run(context.Background(), os.Stdin, os.Stdout, os.Stderr, os.Args[1:]); err != nil {
			fmt.Fprintf(os.Stderr, "copycat lsp: %v\n", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	// The servers the tests start keep their index in a folder of their
	// own, not in the user's cache.
	os.Exit(testtool.MainWithTempCache(m))
}

func neovim(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("nvim"); err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatal("nvim is not installed (make neovim installs it)")
	}
	t.Skip("nvim is not installed (make neovim installs it)")
	return ""
}

// runNeovim opens file in Neovim with the server started with args (the
// arguments of copycat lsp), waits for diagnostics from each of sources,
// and returns what the script saw.
func runNeovim(t *testing.T, nvim, root, file string, sources []string, args ...string) []string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmdline, _ := json.Marshal(append([]string{self}, args...))
	script, err := filepath.Abs(filepath.Join("testdata", "neovim.lua"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "seen.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-i", "NONE", "-u", script)
	cmd.Dir = root
	home := t.TempDir() // Neovim's state, cache and logs stay out of the user's
	cmd.Env = append(os.Environ(), serverEnv+"=1",
		"XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home, "XDG_STATE_HOME="+home, "XDG_CACHE_HOME="+home, "NVIM_LOG_FILE="+filepath.Join(home, "nvim.log"),
		"COPYCAT_CMD="+string(cmdline), "COPYCAT_ROOT="+root, "COPYCAT_FILE="+file,
		"COPYCAT_SOURCES="+strings.Join(sources, ","), "COPYCAT_OUT="+out)
	output, err := cmd.CombinedOutput()
	seen, rerr := os.ReadFile(out)
	if err != nil || rerr != nil {
		t.Fatalf("nvim: %v; output:\n%s\nseen:\n%s", err, output, seen)
	}
	lines := strings.Split(strings.TrimSpace(string(seen)), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "error") || strings.HasPrefix(l, "exit") {
			t.Errorf("neovim: %s", l)
		}
	}
	return lines
}

// showsDocuments reports whether the Neovim at nvim says it opens the
// documents a server asks it to (window/showDocument): from 0.8 on.
func showsDocuments(nvim string) bool {
	out, err := exec.Command(nvim, "--version").Output()
	if err != nil {
		return false
	}
	var major, minor int
	_, err = fmt.Sscanf(string(out), "NVIM v%d.%d", &major, &minor)
	return err == nil && (major > 0 || minor >= 8)
}

func TestNeovim(t *testing.T) {
	nvim := neovim(t)
	t.Run("copycat lsp", func(t *testing.T) {
		dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
		got := runNeovim(t, nvim, dir, filepath.Join(dir, "a.go"), []string{"copycat"})
		// "Go to copy" asks the editor to open the copy
		// (window/showDocument), which Neovim does from 0.8 on; 0.7
		// (Debian 12's) says it does not, and gets no such action.
		want := []string{
			"diagnostic 4:1 copycat duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)",
			"action Leave this copy out (//copycat:ignore)",
		}
		if showsDocuments(nvim) {
			want = slices.Insert(want, 1, "action Go to copy at b.go:4-20")
		}
		if !slices.Equal(got, want) {
			t.Errorf("Neovim saw\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
	})
	t.Run("copycat lsp -proxy", func(t *testing.T) {
		gopls := testtool.Find(t, "bin/gopls", "gopls", "tools")
		dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
		c := filepath.Join(dir, "c.go")
		text := files["c.go"] + "\nfunc Broken() int { return undefinedName }\n" + files["paste.go.txt"]
		if err := os.WriteFile(c, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got := runNeovim(t, nvim, dir, c, []string{"copycat", "compiler"}, "-proxy", "-gopls", gopls)
		wants := []string{
			"diagnostic 5:28 compiler undefined: undefinedName",
			"diagnostic 8:1 copycat duplicate of a.go:4-20 (renamed, 105 tokens, 3 copies)",
			"action Leave this copy out (//copycat:ignore)",
		}
		if showsDocuments(nvim) {
			wants = append(wants, "action Go to copy at a.go:4-20", "action Go to copy at b.go:4-20")
		}
		for _, want := range wants {
			if !slices.Contains(got, want) {
				t.Errorf("Neovim did not see %q; it saw\n\t%s", want, strings.Join(got, "\n\t"))
			}
		}
		actions := 0
		for _, l := range got {
			if strings.HasPrefix(l, "action ") && !strings.HasPrefix(l, "action Go to copy") && !strings.HasPrefix(l, "action Leave this copy out") {
				actions++
			}
		}
		if actions == 0 {
			t.Errorf("none of gopls's code actions reached Neovim; it saw\n\t%s", strings.Join(got, "\n\t"))
		}
	})
}
