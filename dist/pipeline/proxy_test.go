package pipeline

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// memoryModule is a small module the tests serve from the module cache's
// download folder, as a proxy would: no network.
const (
	memoryPath    = "github.com/pbnjay/memory"
	memoryVersion = "v0.0.0-20210728143218-7b4eea64cf58"
)

// downloads returns the module cache's download folder, skipping the test
// when it lacks memoryModule.
func downloads(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	dl := filepath.Join(strings.TrimSpace(string(out)), "cache", "download")
	if _, err := os.Stat(filepath.Join(dl, memoryPath, "@v", memoryVersion+".zip")); err != nil {
		t.Skipf("%s@%s is not in the module cache: %v", memoryPath, memoryVersion, err)
	}
	return dl
}

// isolate gives the test an empty module cache and temporary folder, so
// that every module is fetched from the proxies it sets.
func isolate(t *testing.T) {
	t.Setenv("GOMODCACHE", t.TempDir())
	t.Setenv("TMPDIR", t.TempDir())
}

// TestProxy fetches a module from an HTTP proxy with no go command
// involved: by version and as latest (the proxy has no @latest: its
// @v/list decides), into a tree that holds the module's files.
func TestProxy(t *testing.T) {
	dl := downloads(t)
	isolate(t)
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		http.ServeFile(w, r, filepath.Join(dl, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, "/"))))
	}))
	defer srv.Close()
	t.Setenv("GOPROXY", srv.URL)
	t.Setenv("PATH", "") // no go command: the proxy alone
	for _, arg := range []string{memoryPath + "@" + memoryVersion, memoryPath + "@latest"} {
		dir, err := moduleDir(context.Background(), arg)
		if err != nil {
			t.Fatalf("%s: %v", arg, err)
		}
		if _, err := os.Stat(filepath.Join(dir, "memory_linux.go")); err != nil {
			t.Errorf("%s: the tree %s lacks memory_linux.go: %v", arg, dir, err)
		}
	}
	if asked.Load() == 0 {
		t.Error("the proxy was never asked")
	}
	// Fetched once: a second worker of the machine finds the tree.
	n := asked.Load()
	if _, err := moduleDir(context.Background(), memoryPath+"@"+memoryVersion); err != nil {
		t.Fatal(err)
	}
	if asked.Load() != n {
		t.Errorf("the proxy was asked again for a module fetched already")
	}
}

// TestProxyList checks that a proxy that lacks a module (404) passes to
// the next after "," and "|", that one that fails (500) passes only after
// "|", that "off" stops, and that the module cache's downloads are asked
// first.
func TestProxyList(t *testing.T) {
	dl := downloads(t)
	missing := httptest.NewServer(http.NotFoundHandler())
	defer missing.Close()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusInternalServerError)
	}))
	defer failing.Close()
	good := "file://" + filepath.ToSlash(dl)
	arg := memoryPath + "@" + memoryVersion
	for _, c := range []struct {
		goproxy string
		ok      bool
		says    string
	}{
		{missing.URL + "," + good, true, ""},
		{missing.URL + "|" + good, true, ""},
		{failing.URL + "|" + good, true, ""},
		{failing.URL + "," + good, false, "500"},
		{missing.URL, false, "no proxy of GOPROXY has it"},
		{"off", false, "GOPROXY=off"},
		{missing.URL + ",off," + good, false, "GOPROXY=off"},
	} {
		t.Run(c.goproxy, func(t *testing.T) {
			isolate(t)
			t.Setenv("GOPROXY", c.goproxy)
			t.Setenv("PATH", "")
			_, err := moduleDir(context.Background(), arg)
			if c.ok != (err == nil) || err != nil && !strings.Contains(err.Error(), c.says) {
				t.Errorf("GOPROXY=%s: %v, want ok %t or an error saying %q", c.goproxy, err, c.ok, c.says)
			}
			if err != nil && !strings.Contains(err.Error(), "cannot download "+arg) {
				t.Errorf("the error %q does not name %s", err, arg)
			}
		})
	}
	// The module cache's downloads come first: no proxy is asked.
	cache := t.TempDir()
	t.Setenv("GOMODCACHE", cache)
	t.Setenv("TMPDIR", t.TempDir())
	mod := filepath.Join("cache", "download", filepath.FromSlash(memoryPath))
	if err := os.CopyFS(filepath.Join(cache, mod), os.DirFS(filepath.Join(dl, filepath.FromSlash(memoryPath)))); err != nil {
		t.Skipf("cannot copy the module cache's downloads: %v", err)
	}
	t.Setenv("GOPROXY", failing.URL)
	if _, err := moduleDir(context.Background(), arg); err != nil {
		t.Errorf("with the zip in the module cache's downloads: %v", err)
	}
}

// TestProxyVersions checks what a version may be: a full semantic
// version or latest, and a module path the go command would accept.
func TestProxyVersions(t *testing.T) {
	isolate(t)
	t.Setenv("GOPROXY", "off")
	for arg, says := range map[string]string{
		"example.com/m@v1":     `not a full semantic version`,
		"example.com/m@master": `not a full semantic version`,
		"bad@v1.0.0":           "malformed module path",
		"example.com/m@latest": "GOPROXY=off",
	} {
		if _, err := moduleDir(context.Background(), arg); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("moduleDir(%s) = %v, want an error saying %q", arg, err, says)
		}
	}
}

func TestHighest(t *testing.T) {
	for list, want := range map[string]string{
		"v1.2.0 v1.10.0 v1.9.9":              "v1.10.0",
		"v2.0.0-rc.1 v1.0.0":                 "v1.0.0",
		"v0.1.0-pre v0.2.0-pre.2 bad":        "v0.2.0-pre.2",
		"":                                   "",
		"v0.0.0-20210728143218-7b4eea64cf58": "v0.0.0-20210728143218-7b4eea64cf58",
	} {
		if got := highest(strings.Fields(list)); got != want {
			t.Errorf("highest(%s) = %q, want %q", list, got, want)
		}
	}
}
