package pipeline

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
	"golang.org/x/mod/sumdb/dirhash"
)

// cacheModule puts sumModule into the module cache as a go command
// leaves it: its zip and the zip's hash (.ziphash, ziphash if not "")
// in the downloads, and, if extracted, its tree of the files of body.
// It returns the tree's folder.
func cacheModule(t *testing.T, body string, ziphash string, extracted bool) string {
	t.Helper()
	cache := os.Getenv("GOMODCACHE")
	at := filepath.Join("cache", "download", "example.com", "m", "@v", "v1.0.0")
	tree := filepath.Join("example.com", "m@v1.0.0")
	files := map[string]string{at + ".zip": string(sumModuleZip(t, body))}
	if ziphash != "" {
		files[at+".ziphash"] = ziphash
	}
	if extracted {
		files[filepath.Join(tree, "go.mod")] = "module example.com/m\n"
		files[filepath.Join(tree, "m.go")] = body
	}
	testtool.WriteFiles(t, cache, files)
	return filepath.Join(cache, tree)
}

// TestModuleCacheVerified: a module found in the module cache is
// checked against the checksum database before it is read, as the go
// command checks it each time it uses it: a tree the go command
// extracted by the hash it wrote of its zip (.ziphash; the zip hashed
// again when that holds no hash), a zip of its downloads by its hash.
// A module cache holds what any go command wrote there (under a
// GONOSUMDB, a GOSUMDB=off or a go.sum of its own): the old code read
// its tree, or its zip, as the module the database vouches for.
func TestModuleCacheVerified(t *testing.T) {
	good, altered := sumModuleZip(t, goodBody), sumModuleZip(t, alteredBody)
	hashOf := func(zipped []byte) string {
		h, err := dirhash.HashZip(writeZip(t, zipped), dirhash.Hash1)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	goodHash, alteredHash := hashOf(good), hashOf(altered)
	mismatch := "checksum mismatch: the zip hashes to " + alteredHash + ", sum.example.com says " + goodHash
	for _, c := range []struct {
		name      string
		body      string
		ziphash   string
		extracted bool
		env       map[string]string
		tree      bool   // the module cache's tree read
		says      string // the error, if any
	}{
		{name: "a tree of the database's zip", body: goodBody, ziphash: goodHash, extracted: true, tree: true},
		{name: "a tree of another zip", body: alteredBody, ziphash: alteredHash, extracted: true, says: mismatch},
		{name: "a tree whose .ziphash holds no hash", body: alteredBody, ziphash: "h1:x\n", extracted: true, says: mismatch},
		{name: "a zip of the database's", body: goodBody},
		{name: "another zip", body: alteredBody, says: mismatch},
		{name: "GONOSUMDB", body: alteredBody, ziphash: alteredHash, extracted: true, env: map[string]string{"GONOSUMDB": "example.com"}, tree: true},
		{name: "GOSUMDB=off", body: alteredBody, env: map[string]string{"GOSUMDB": "off"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			db := newTestDB(t, "sum.example.com")
			db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, good))
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			t.Setenv("GOPROXY", "off") // the module cache alone
			t.Setenv("PATH", "")
			tree := cacheModule(t, c.body, c.ziphash, c.extracted)
			dir, err := moduleDir(context.Background(), sumModule)
			if c.says != "" {
				if err == nil || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), "cannot download "+sumModule) {
					t.Errorf("read from %q, %v; want an error naming %s and saying %q", dir, err, sumModule, c.says)
				}
				unread(t)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if (dir == tree) != c.tree {
				t.Errorf("read from %s; the module cache's tree is %s, read %t", dir, tree, c.tree)
			}
			if b, err := os.ReadFile(filepath.Join(dir, "m.go")); err != nil || string(b) != c.body {
				t.Errorf("m.go read: %q, %v; want %q", b, err, c.body)
			}
		})
	}
}

// TestLatestGoModAnyProxy: the go.mod read for the retractions that pin
// path@latest is read as the go command reads one, from the first proxy
// of GOPROXY that has it, not only from the one that listed the
// versions: the old code asked the first proxy alone, which lacked it,
// and pinned the version its author retracted.
func TestLatestGoModAnyProxy(t *testing.T) {
	const path = "example.com/r"
	const retracting = "module " + path + "\n\nretract v1.1.0\n"
	isolate(t)
	db := newTestDB(t, "sum.example.com")
	for _, v := range []string{"v1.0.0", "v1.1.0"} {
		db.vouchGoMod(t, path, v, retracting)
	}
	lists := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/"+path+"/@v/list" {
			io.WriteString(w, "v1.0.0\nv1.1.0\n")
			return
		}
		http.NotFound(w, r)
	}))
	defer lists.Close()
	mods := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/"+path+"/@v/v1.1.0.mod" {
			io.WriteString(w, retracting)
			return
		}
		http.NotFound(w, r)
	}))
	defer mods.Close()
	t.Setenv("PATH", "")
	for goproxy, want := range map[string]string{
		lists.URL + "," + mods.URL: "v1.0.0",
		lists.URL + "|" + mods.URL: "v1.0.0",
		lists.URL:                  "v1.1.0", // no go.mod: nothing retracted
	} {
		t.Setenv("GOPROXY", goproxy)
		if got, err := pin(context.Background(), path+"@latest"); err != nil || got != path+"@"+want {
			t.Errorf("GOPROXY=%s: pinned to %q, %v; want %s@%s", goproxy, got, err, path, want)
		}
	}
}

// TestKeptTreeVerified: a module's tree that a run wrote into the
// worker's folder, which later runs read again, is checked against the
// checksum database as the module cache's trees are: one written under
// GONOSUMDB from a zip the database does not vouch for is refused once
// the database checks the module, naming both hashes, and one written
// unchecked from a good zip is fetched again and read; one the database
// checked is read again without a download. The old code read whatever
// tree was there.
func TestKeptTreeVerified(t *testing.T) {
	good, altered := sumModuleZip(t, goodBody), sumModuleZip(t, alteredBody)
	for _, c := range []struct {
		name   string
		served []byte
		says   string // "" if read, with goodBody
	}{
		{"a doctored zip", altered, "checksum mismatch: the zip hashes to"},
		{"a good zip", good, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			db := newTestDB(t, "sum.example.com")
			db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, good))
			zips := sumProxy(t, c.served, db)
			t.Setenv("GONOSUMDB", "example.com")
			if _, err := moduleDir(context.Background(), sumModule); err != nil {
				t.Fatalf("unchecked: %v", err)
			}
			t.Setenv("GONOSUMDB", "")
			dir, err := moduleDir(context.Background(), sumModule)
			if c.says != "" {
				if err == nil || !strings.Contains(err.Error(), c.says) {
					t.Errorf("checked: read from %q, %v; want an error saying %q", dir, err, c.says)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(filepath.Join(dir, "m.go")); err != nil || string(b) != goodBody {
				t.Errorf("m.go read: %q, %v", b, err)
			}
			n := zips.Load()
			if _, err := moduleDir(context.Background(), sumModule); err != nil || zips.Load() != n {
				t.Errorf("read again: %v, %d downloads more; want none", err, zips.Load()-n)
			}
		})
	}
}
