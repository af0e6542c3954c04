package pipeline

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
// that every module is fetched from the proxies it sets, and checked
// against the checksum database whatever its path.
func isolate(t *testing.T) {
	t.Setenv("GOMODCACHE", t.TempDir())
	t.Setenv("TMPDIR", t.TempDir())
	t.Setenv("GONOSUMDB", "")
	t.Setenv("GOPRIVATE", "")
}

// TestProxy fetches a module from an HTTP proxy with no go command
// involved: by version and as latest (the proxy has no @latest: its
// @v/list decides), into a tree that holds the module's files.
func TestProxy(t *testing.T) {
	dl := downloads(t)
	isolate(t)
	db := vouchDownloads(t, dl)
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
	if db.lookups.Load() == 0 {
		t.Error("the checksum database was never asked")
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

// TestLatestPinned: a module given as path@latest is listed under the
// version it resolves to, so that the report names the version read and
// a worker that reads a file it did not list downloads that version, not
// the latest of the moment (the old code named the files path@latest/…).
func TestLatestPinned(t *testing.T) {
	dl := downloads(t)
	isolate(t)
	vouchDownloads(t, dl)
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(dl))
	t.Setenv("PATH", "") // no go command: the proxy alone
	pinned := memoryPath + "@" + memoryVersion
	var n int
	err := (&resolveFn{Tests: true}).ProcessElement(context.Background(), memoryPath+"@latest", func(_, v string) {
		n++
		if s := parseSource(v); s.Arg != pinned || !strings.HasPrefix(s.Name, pinned+"/") {
			t.Errorf("listed as %q under %q, want a name under %s", s.Name, s.Arg, pinned)
		}
	})
	if err != nil || n == 0 {
		t.Fatalf("%d files listed, error %v", n, err)
	}
}

// TestProxyList checks that a proxy that lacks a module (404) passes to
// the next after "," and "|", that one that fails (500) passes only after
// "|", that "off" stops, and that the module cache's downloads are asked
// first.
func TestProxyList(t *testing.T) {
	dl := downloads(t)
	db := vouchDownloads(t, dl)
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
	// The module cache's downloads come first: no proxy is asked for
	// the module (the checksum database, which checks it, is read
	// through the proxy).
	cache := t.TempDir()
	t.Setenv("GOMODCACHE", cache)
	t.Setenv("TMPDIR", t.TempDir())
	mod := filepath.Join("cache", "download", filepath.FromSlash(memoryPath))
	if err := os.CopyFS(filepath.Join(cache, mod), os.DirFS(filepath.Join(dl, filepath.FromSlash(memoryPath)))); err != nil {
		t.Skipf("cannot copy the module cache's downloads: %v", err)
	}
	failingButSumDB := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/sumdb/"+db.name+"/") {
			db.proxied.ServeHTTP(w, r)
			return
		}
		http.Error(w, "down", http.StatusInternalServerError)
	}))
	defer failingButSumDB.Close()
	t.Setenv("GOPROXY", failingButSumDB.URL)
	if _, err := moduleDir(context.Background(), arg); err != nil {
		t.Errorf("with the zip in the module cache's downloads: %v", err)
	}
}

// TestModuleCacheNamedOddly: the module cache's downloads are found
// whatever its folder's name holds: one of "%41" (or any % and two
// hexadecimal digits) was looked for under "A", the module not found, and
// with GOPROXY=off the run failed ("module downloads are off").
func TestModuleCacheNamedOddly(t *testing.T) {
	dl := downloads(t)
	isolate(t)
	vouchDownloads(t, dl)
	cache := filepath.Join(t.TempDir(), "go %41 100% #1?")
	mod := filepath.Join(cache, "cache", "download", filepath.FromSlash(memoryPath))
	if err := os.CopyFS(mod, os.DirFS(filepath.Join(dl, filepath.FromSlash(memoryPath)))); err != nil {
		t.Skipf("cannot copy the module cache's downloads: %v", err)
	}
	t.Setenv("GOMODCACHE", cache)
	t.Setenv("GOPROXY", "off")
	t.Setenv("PATH", "")
	dir, err := moduleDir(context.Background(), memoryPath+"@"+memoryVersion)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "memory_linux.go")); err != nil {
		t.Errorf("the tree %s lacks memory_linux.go: %v", dir, err)
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

// TestIncompatibleVersions: a version of a module from before modules
// (v2 and up, no go.mod), whose name ends in +incompatible, is read by
// version and as latest, as the go command reads it. It was refused as
// "not a full semantic version": github.com/docker/docker@v28.5.2+incompatible,
// and github.com/docker/docker@latest, pinned to that version.
func TestIncompatibleVersions(t *testing.T) {
	isolate(t)
	const path, version = "example.com/old", "v2.0.0+incompatible"
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	f, err := w.Create(path + "@" + version + "/old.go")
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "package old\n")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	db := newTestDB(t, "sum.example.com")
	db.vouch(t, path, version, writeZip(t, b.Bytes()))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/sumdb/"+db.name+"/"):
			db.proxied.ServeHTTP(w, r)
		case r.URL.Path == "/"+path+"/@v/list":
			io.WriteString(w, "v1.0.0-rc.1\n"+version+"\n")
		case r.URL.Path == "/"+path+"/@v/"+version+".zip":
			w.Write(b.Bytes())
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	t.Setenv("GOPROXY", srv.URL)
	t.Setenv("PATH", "") // no go command: the proxy alone
	pinned, err := pin(context.Background(), path+"@latest")
	if err != nil || pinned != path+"@"+version {
		t.Errorf("%s@latest pinned to %q, %v; want %s@%s", path, pinned, err, path, version)
	}
	dir, err := moduleDir(context.Background(), path+"@"+version)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "old.go")); err != nil {
		t.Errorf("the tree %s lacks old.go: %v", dir, err)
	}
	// Still a version: no other build metadata.
	if _, err := moduleDir(context.Background(), path+"@v2.0.0+build"); err == nil || !strings.Contains(err.Error(), "not a full semantic version") {
		t.Errorf("%s@v2.0.0+build: %v, want a refusal", path, err)
	}
}

// TestModuleCacheHalfExtracted: a module the go command was stopped
// while extracting (its .partial file still there, or no .ziphash) is
// not read from the module cache's tree, which holds part of its files,
// but from its zip, as the go command extracts it again. The tree was
// read as the module: 1,015 of github.com/docker/docker's 2,044 Go files
// after a go mod download killed 0.3 s in.
func TestModuleCacheHalfExtracted(t *testing.T) {
	zipped := sumModuleZip(t, goodBody)
	for _, c := range []struct {
		name             string
		partial, ziphash bool
		whole            bool // the cache's tree read as it is
	}{
		{"extracted", false, true, true},
		{"extracting", true, true, false},
		{"no ziphash", false, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			db := newTestDB(t, "sum.example.com")
			h := db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, zipped))
			t.Setenv("GOPROXY", "off") // the module cache's downloads alone
			t.Setenv("PATH", "")
			cache := os.Getenv("GOMODCACHE")
			at := filepath.Join(cache, "cache", "download", "example.com", "m", "@v", "v1.0.0")
			tree := filepath.Join(cache, "example.com", "m@v1.0.0")
			for name, body := range map[string][]byte{at + ".zip": zipped, filepath.Join(tree, "go.mod"): []byte("module example.com/m\n")} {
				if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name, body, 0o666); err != nil {
					t.Fatal(err)
				}
			}
			if c.partial {
				os.WriteFile(at+".partial", nil, 0o666)
			}
			if c.ziphash {
				os.WriteFile(at+".ziphash", []byte(h+"\n"), 0o666)
			}
			dir, err := moduleDir(context.Background(), sumModule)
			if err != nil {
				t.Fatal(err)
			}
			if (dir == tree) != c.whole {
				t.Errorf("read from %s; the module cache's tree is %s, whole %t", dir, tree, c.whole)
			}
			if _, err := os.Stat(filepath.Join(dir, "m.go")); err != nil && !c.whole {
				t.Errorf("the tree read lacks m.go: %v", err)
			}
		})
	}
}

// TestLatestNotRetracted: a module asked for as latest is pinned, as the
// go command pins it, to the highest version that the go.mod of its
// highest version does not retract: a version published by mistake, or
// broken, which its author retracted, was read as the module's latest.
func TestLatestNotRetracted(t *testing.T) {
	const path = "example.com/r"
	for _, c := range []struct{ list, gomod, want string }{
		{"v1.0.0 v1.1.0", "retract v1.1.0 // published by mistake", "v1.0.0"},
		{"v1.0.0 v1.1.0 v1.2.0-rc.1", "retract [v1.0.0, v1.1.0]", "v1.2.0-rc.1"},
		// v1.0.0 has a go.mod of its own: +incompatible versions above it
		// are left out, as the go command leaves them out.
		{"v1.0.0 v2.0.0+incompatible v1.1.0", "retract v1.1.0", "v1.0.0"},
		{"v1.0.0 v1.1.0", "retract v1.1.0\nretract v1.0.0", ""}, // every one: none, as the go command says
		{"v1.0.0 v1.1.0", "", "v1.1.0"},
		{"v1.0.0 v1.1.0", "not a go.mod (", "v1.1.0"},
	} {
		t.Run(c.list+" "+c.gomod, func(t *testing.T) {
			isolate(t)
			// The checksum database vouches for the go.mod served.
			db := newTestDB(t, "sum.example.com")
			for _, v := range strings.Fields(c.list) {
				db.vouchGoMod(t, path, v, "module "+path+"\n\n"+c.gomod+"\n")
			}
			checkPin(t, path, func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.URL.Path == "/"+path+"/@v/list":
					io.WriteString(w, strings.ReplaceAll(c.list, " ", "\n"))
				case strings.HasPrefix(r.URL.Path, "/"+path+"/@v/") && strings.HasSuffix(r.URL.Path, ".mod"):
					io.WriteString(w, "module "+path+"\n\n"+c.gomod+"\n")
				default:
					http.NotFound(w, r)
				}
			}, c.want, "every version of "+path+" is retracted")
		})
	}
}

// checkPin pins path@latest through a proxy that serves with serve, no
// go command, and checks that it pins want or, want "", fails naming
// path@latest and saying says.
func checkPin(t *testing.T, path string, serve http.HandlerFunc, want, says string) {
	t.Helper()
	srv := httptest.NewServer(serve)
	defer srv.Close()
	t.Setenv("GOPROXY", srv.URL)
	t.Setenv("PATH", "")
	got, err := pin(context.Background(), path+"@latest")
	if want == "" {
		if err == nil || !strings.Contains(err.Error(), says) || !strings.Contains(err.Error(), "cannot download "+path+"@latest") {
			t.Errorf("pinned to %q, %v; want an error naming %s@latest and saying %q", got, err, path, says)
		}
	} else if err != nil || got != path+"@"+want {
		t.Errorf("pinned to %q, %v; want %s", got, err, want)
	}
}

// TestLatestListFirst: latest is resolved as the go command resolves it,
// from the proxy's version list first: @latest only when the list names
// no version but pseudo-versions, and then unless the go.mod of the
// version it names retracts it; without @latest, the list's newest
// version by time. The old code asked @latest first and took what it
// said: a proxy's @latest naming v1.2.0 while its list held v1.0.0 and
// v1.1.0 pinned v1.2.0; a pseudo-version above the list's pre-release
// was pinned; a @latest naming no version of the module was pinned as it
// was ("example.com/r@v1").
func TestLatestListFirst(t *testing.T) {
	const path = "example.com/r"
	const pseudo20, pseudo21 = "v0.0.0-20200101000000-aaaaaaaaaaaa", "v0.0.0-20210101000000-bbbbbbbbbbbb"
	for _, c := range []struct {
		name, list, latest, gomod string
		want                      string // "" for an error saying says
		says                      string
	}{
		{"the list before @latest", "v1.0.0 v1.1.0", "v1.2.0", "", "v1.1.0", ""},
		{"pseudo-versions are not listed versions", "v0.1.0-pre v0.1.1-0.20210101000000-abcdefabcdef", "", "", "v0.1.0-pre", ""},
		{"@latest when the list names none", pseudo20, pseudo21, "", pseudo21, ""},
		{"without @latest, the newest by time", pseudo21 + " " + pseudo20, "", "", pseudo21, ""},
		{"the list's times", "v0.0.0-20220101000000-cccccccccccc/2020-01-01T00:00:00Z " + pseudo21, "", "", pseudo21, ""},
		{"@latest's version retracted", "", pseudo21, "retract " + pseudo21, "", "every version of " + path + " is retracted"},
		{"@latest naming no version of the module", "", "v1", "", "", `its @latest names version "v1"`},
		{"@latest naming another major version", "", "v2.0.0", "", "", `its @latest names version "v2.0.0"`},
		{"no version at all", "", "", "", "", "names none, and it has no @latest"},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			// The checksum database vouches for the go.mod served.
			db := newTestDB(t, "sum.example.com")
			for _, v := range []string{pseudo21, "v0.1.0-pre", "v1.1.0"} {
				db.vouchGoMod(t, path, v, "module "+path+"\n\n"+c.gomod+"\n")
			}
			checkPin(t, path, func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.URL.Path == "/"+path+"/@v/list":
					io.WriteString(w, strings.ReplaceAll(strings.ReplaceAll(c.list, " ", "\n"), "/", " "))
				case r.URL.Path == "/"+path+"/@latest" && c.latest != "":
					fmt.Fprintf(w, `{"Version":%q,"Time":"2021-01-01T00:00:00Z"}`, c.latest)
				case strings.HasPrefix(r.URL.Path, "/"+path+"/@v/") && strings.HasSuffix(r.URL.Path, ".mod"):
					io.WriteString(w, "module "+path+"\n\n"+c.gomod+"\n")
				default:
					http.NotFound(w, r)
				}
			}, c.want, c.says)
		})
	}
}

// TestLatestGoModVerified: the go.mod whose retractions pin latest is
// checked against the checksum database before it is read, as the go
// command checks a go.mod: a proxy serving, for v1.1.0, a go.mod that
// retracts v1.1.0 where the database vouches for one that does not fails
// the module, naming both hashes; the old code pinned v1.0.0. The go.mod
// the database vouches for is read, retracting or not; with the database
// off, or the path private, the proxy's go.mod is read unchecked, as by
// the go command; the module cache's downloads are not checked again.
func TestLatestGoModVerified(t *testing.T) {
	const path = "example.com/r"
	const genuine, retracting = "module " + path + "\n", "module " + path + "\n\nretract v1.1.0\n"
	for _, c := range []struct {
		name            string
		vouched, served string
		env             map[string]string
		want, says      string
	}{
		{"doctored", genuine, retracting, nil, "", "the go.mod of example.com/r@v1.1.0, read for its retractions: checksum mismatch: the go.mod hashes to " + goModHash(t, []byte(retracting)) + ", sum.example.com says " + goModHash(t, []byte(genuine))},
		{"genuine", genuine, genuine, nil, "v1.1.0", ""},
		{"retracted by its author", retracting, retracting, nil, "v1.0.0", ""},
		{"unknown to the database", "", retracting, nil, "", "set GONOSUMDB or GOPRIVATE"},
		{"GOSUMDB=off", genuine, retracting, map[string]string{"GOSUMDB": "off"}, "v1.0.0", ""},
		{"GOPRIVATE", genuine, retracting, map[string]string{"GOPRIVATE": "example.com"}, "v1.0.0", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			db := newTestDB(t, "sum.example.com")
			if c.vouched != "" {
				for _, v := range []string{"v1.0.0", "v1.1.0"} {
					db.vouchGoMod(t, path, v, c.vouched)
				}
			}
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			var mods atomic.Int32
			checkPin(t, path, func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.URL.Path == "/"+path+"/@v/list":
					io.WriteString(w, "v1.0.0\nv1.1.0\n")
				case r.URL.Path == "/"+path+"/@v/v1.1.0.mod":
					mods.Add(1)
					io.WriteString(w, c.served)
				default:
					http.NotFound(w, r)
				}
			}, c.want, c.says)
			if mods.Load() == 0 {
				t.Error("the go.mod was never asked for")
			}
		})
	}
	// The module cache's downloads are checked too, as the go command
	// checks a go.mod it reads there (the old code did not: the
	// doctored go.mod pinned v1.0.0).
	for vouched, want := range map[string]string{genuine: "", retracting: "v1.0.0"} {
		isolate(t)
		db := newTestDB(t, "sum.example.com")
		for _, v := range []string{"v1.0.0", "v1.1.0"} {
			db.vouchGoMod(t, path, v, vouched)
		}
		at := filepath.Join(os.Getenv("GOMODCACHE"), "cache", "download", filepath.FromSlash(path), "@v")
		for name, text := range map[string]string{"list": "v1.0.0\nv1.1.0\n", "v1.1.0.mod": retracting} {
			if err := os.MkdirAll(at, 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(at, name), []byte(text), 0o666); err != nil {
				t.Fatal(err)
			}
		}
		t.Setenv("GOPROXY", "off")
		got, err := pin(context.Background(), path+"@latest")
		if want == "" {
			if says := "checksum mismatch: the go.mod hashes to " + goModHash(t, []byte(retracting)); err == nil || !strings.Contains(err.Error(), says) {
				t.Errorf("from the module cache's downloads, doctored: pinned to %q, %v; want an error saying %q", got, err, says)
			}
		} else if err != nil || got != path+"@"+want {
			t.Errorf("from the module cache's downloads: pinned to %q, %v; want %s@%s", got, err, path, want)
		}
	}
}

// TestLatestIncompatible: as the go command resolves latest, a version
// ending in +incompatible (v2 and up of a module from before modules) is
// left out when the highest compatible version below it has a go.mod of
// its own, and taken when that version's go.mod is the one a proxy
// makes up for a version without one ("module path"). The old code
// pinned v2.0.0+incompatible above a v1.5.0 that had a go.mod. The go.mod
// asked is checked against the checksum database.
func TestLatestIncompatible(t *testing.T) {
	const path = "example.com/r"
	const own, madeUp = "module " + path + "\n\ngo 1.21\n", "module " + path + "\n"
	for _, c := range []struct {
		name            string
		vouched, served string
		want, says      string
	}{
		{"a go.mod of its own", own, own, "v1.5.0", ""},
		{"none: the proxy's made-up one", madeUp, madeUp, "v2.0.0+incompatible", ""},
		{"a go.mod the database does not vouch for", madeUp, own, "", "the go.mod of example.com/r@v1.5.0, read for whether it has one: checksum mismatch"},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			db := newTestDB(t, "sum.example.com")
			db.vouchGoMod(t, path, "v1.5.0", c.vouched)
			db.vouchGoMod(t, path, "v2.0.0+incompatible", madeUp)
			checkPin(t, path, func(w http.ResponseWriter, r *http.Request) {
				switch r.URL.Path {
				case "/" + path + "/@v/list":
					io.WriteString(w, "v2.0.0+incompatible\nv1.5.0\nv1.0.0-rc.1\n")
				case "/" + path + "/@v/v1.5.0.mod":
					io.WriteString(w, c.served)
				case "/" + path + "/@v/v2.0.0+incompatible.mod":
					io.WriteString(w, madeUp)
				default:
					http.NotFound(w, r)
				}
			}, c.want, c.says)
		})
	}
}

// TestProxyCredentials: a proxy whose URL in GOPROXY holds credentials
// (https://user:TOKEN@proxy.corp/, as for the go command) is asked with
// them, and named without them in every error: the old code said
// "http://alice:TOKEN@…/example.com/broken/@v/list: 500 …", and
// net/http's own errors named the user, a token as often as not.
func TestProxyCredentials(t *testing.T) {
	const secret = "TOKEN-e5f1"
	isolate(t)
	db := newTestDB(t, "sum.example.com")
	good := sumModuleZip(t, goodBody)
	db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, good))
	db.vouchGoMod(t, "example.com/r", "v1.0.0", "module example.com/r\n\nretract v1.0.0\n")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "alice" || p != secret {
			w.Header().Set("WWW-Authenticate", `Basic realm="proxy"`)
			http.Error(w, "who are you", http.StatusUnauthorized)
			return
		}
		switch {
		case strings.HasPrefix(r.URL.Path, "/sumdb/"+db.name+"/"):
			db.proxied.ServeHTTP(w, r)
		case r.URL.Path == "/example.com/m/@v/v1.0.0.zip":
			w.Write(good)
		case r.URL.Path == "/example.com/r/@v/list":
			io.WriteString(w, "v1.0.0\n")
		case r.URL.Path == "/example.com/r/@v/v1.0.0.mod":
			io.WriteString(w, "module example.com/r\n\nretract v1.0.0\n")
		case strings.HasPrefix(r.URL.Path, "/example.com/broken/"):
			http.Error(w, "down", http.StatusInternalServerError)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	t.Setenv("PATH", "")
	t.Setenv("GOPROXY", "http://alice:"+secret+"@"+host)
	if _, err := moduleDir(context.Background(), sumModule); err != nil {
		t.Fatalf("with the credentials: %v", err)
	}
	for _, c := range []struct{ goproxy, arg, says string }{
		{"http://alice:" + secret + "@" + host, "example.com/broken@v1.0.0", "http://" + host + "/example.com/broken/@v/v1.0.0.zip: 500"},
		{"http://alice:" + secret + "@" + host, "example.com/broken@latest", "http://" + host + "/example.com/broken/@v/list: 500"},
		{"http://alice:" + secret + "@" + host, "example.com/r@latest", "http://" + host + ": every version of example.com/r is retracted"},
		{"http://" + secret + "@127.0.0.1:1", "example.com/broken@v1.0.0", "http://127.0.0.1:1/example.com/broken/@v/v1.0.0.zip"},
	} {
		t.Setenv("GOPROXY", c.goproxy)
		_, err := moduleDir(context.Background(), c.arg)
		if err == nil || !strings.Contains(err.Error(), c.says) || strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "alice") {
			t.Errorf("GOPROXY=%s, %s: %v; want an error saying %q, without the credentials", c.goproxy, c.arg, err, c.says)
		}
	}
}

// TestProxyRedirectsSecure: an https:// proxy that redirects to an
// http:// URL fails the download, as for the go command: the old code
// followed it, and read the zip that came in the clear (here a private
// module's, which no checksum database checks). Redirects from https://
// to https:// are followed.
func TestProxyRedirectsSecure(t *testing.T) {
	isolate(t)
	t.Setenv("GOPRIVATE", "example.com")
	t.Setenv("PATH", "")
	zipped := sumModuleZip(t, goodBody)
	clear := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(zipped) }))
	defer clear.Close()
	var srv *httptest.Server
	srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/example.com/m/"):
			http.Redirect(w, r, clear.URL+r.URL.Path, http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/example.com/n/"):
			http.Redirect(w, r, srv.URL+"/files/n.zip", http.StatusFound)
		case r.URL.Path == "/files/n.zip":
			w.Write(moduleZip(t, "example.com/n@v1.0.0", goodBody))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	defer func(c *http.Client) { proxyClient = c }(proxyClient)
	c := *proxyClient
	c.Transport = srv.Client().Transport // trusts the test's certificate
	proxyClient = &c
	t.Setenv("GOPROXY", srv.URL)
	_, err := moduleDir(context.Background(), sumModule)
	if err == nil || !strings.Contains(err.Error(), "redirected from secure URL "+srv.URL+"/example.com/m/@v/v1.0.0.zip to insecure URL "+clear.URL) {
		t.Errorf("redirected to http://: %v, want a refusal", err)
	}
	unread(t)
	if _, err := moduleDir(context.Background(), "example.com/n@v1.0.0"); err != nil {
		t.Errorf("redirected to https://: %v", err)
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

// countingBody counts the bytes the client reads of a proxy's answers.
type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

type countingTransport struct{ n *atomic.Int64 }

func (t countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err == nil {
		resp.Body = countingBody{resp.Body, t.n}
	}
	return resp, err
}

// TestProxyAnswersBounded: a proxy that answers with more than a module
// zip, a version list or a version's details may hold (here 64 MiB,
// against limits lowered to 1 MiB) is read up to the limit and refused,
// naming the module; the zip is not left on the disk. Before, the zip
// was copied whole to the disk and the list and the details read whole
// into memory, however long (an endless body: until the disk or the
// memory ran out, or the client's timeout of 10 minutes).
func TestProxyAnswersBounded(t *testing.T) {
	isolate(t)
	const served = 64 << 20
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var head string
		switch {
		case strings.HasSuffix(r.URL.Path, ".zip"):
			head = "PK\x03\x04"
		case strings.HasSuffix(r.URL.Path, "/@latest"):
			if strings.Contains(r.URL.Path, "/listed/") {
				http.NotFound(w, r)
				return
			}
			head = `{"Version":"v1.0.0","Origin":"`
		case strings.HasSuffix(r.URL.Path, "/@v/list"):
			if strings.Contains(r.URL.Path, "/detailed/") {
				return // no version listed: @latest is asked
			}
			head = "v1.0.0\n"
		default:
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, head)
		chunk := bytes.Repeat([]byte("a"), 1<<16)
		for n := len(head); n < served; n += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	var read atomic.Int64
	defer func(c *http.Client, z, i int64) { proxyClient, maxZipBytes, maxInfoBytes = c, z, i }(proxyClient, maxZipBytes, maxInfoBytes)
	proxyClient = &http.Client{Transport: countingTransport{&read}}
	maxZipBytes, maxInfoBytes = 1<<20, 1<<20
	t.Setenv("GOPROXY", srv.URL)
	t.Setenv("PATH", "")
	for arg, says := range map[string]string{
		"example.com/zipped@v1.0.0":   "the zip is larger than 1048576 bytes",
		"example.com/detailed@latest": "its @latest is larger than 1048576 bytes",
		"example.com/listed@latest":   "its @v/list is larger than 1048576 bytes",
	} {
		read.Store(0)
		_, err := moduleDir(context.Background(), arg)
		if err == nil || !strings.Contains(err.Error(), says) || !strings.Contains(err.Error(), "cannot download "+arg) {
			t.Errorf("%s: %v, want an error naming it and saying %q", arg, err, says)
		}
		// The listed module's @latest (404) adds a short body.
		if got := read.Load(); got > 1<<20+64 {
			t.Errorf("%s: %d bytes of the proxy's answers read, want at most the limit of %d and one", arg, got, 1<<20)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(os.TempDir(), "copycat-dist-*.zip")); len(left) > 0 {
		t.Errorf("zips left behind: %v", left)
	}
}

// TestCraftedModuleZips: a proxy's zip whose entries would leave the
// module's folder (../, an absolute path, a/./b), name one file twice,
// lie about their size, or that is no zip or is cut short, fails the
// module's download with an error naming the module, and writes nothing
// outside the folder it is unzipped in; an entry marked as a symbolic
// link is written as a file holding its target's name, not a link; an
// entry that inflates past its declared size is refused as it is read.
// (golang.org/x/mod/zip checks these, as for the go command.)
func TestCraftedModuleZips(t *testing.T) {
	const m = "example.com/m@v1.0.0"
	type entry struct {
		name, body string
		mode       os.FileMode
		lie        bool // declares a size of 1
	}
	zipOf := func(entries ...entry) []byte {
		var b bytes.Buffer
		w := zip.NewWriter(&b)
		for _, e := range entries {
			if e.lie {
				// Deflated whole, declared as 1 byte.
				var d bytes.Buffer
				fw, _ := flate.NewWriter(&d, flate.BestCompression)
				io.WriteString(fw, e.body)
				fw.Close()
				f, err := w.CreateRaw(&zip.FileHeader{Name: e.name, Method: zip.Deflate,
					CRC32: crc32.ChecksumIEEE([]byte(e.body)), CompressedSize64: uint64(d.Len()), UncompressedSize64: 1})
				if err != nil {
					t.Fatal(err)
				}
				f.Write(d.Bytes())
				continue
			}
			h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
			if e.mode != 0 {
				h.SetMode(e.mode)
			}
			f, err := w.CreateHeader(h)
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(f, e.body)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		z := b.Bytes()
		return z
	}
	db := newTestDB(t, "sum.example.com") // asked of the zips that are valid
	good := entry{name: m + "/a.go", body: "package m\n"}
	big := strings.Repeat("package m\n", 10000)
	for _, c := range []struct {
		name, says string
		zip        []byte
	}{
		{"parent", "invalid", zipOf(good, entry{name: m + "/../evil.go", body: "package evil\n"})},
		{"parent at the top", "prefix", zipOf(good, entry{name: "../evil.go", body: "package evil\n"})},
		{"absolute", "prefix", zipOf(good, entry{name: "/tmp/evil.go", body: "package evil\n"})},
		{"dot", "not clean", zipOf(good, entry{name: m + "/a/./b.go", body: "package b\n"})},
		{"twice", "multiple entries", zipOf(good, good)},
		{"case", "collision", zipOf(good, entry{name: m + "/A.go", body: "package m\n"})},
		{"larger than declared", "not a valid zip", zipOf(entry{name: m + "/a.go", body: big, lie: true})},
		{"not a zip", "not a valid zip", []byte("package m\n")},
		{"cut short", "not a valid zip", zipOf(good, good)[:40]},
		{"empty", "not a valid zip", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if !strings.HasSuffix(r.URL.Path, ".zip") {
					http.NotFound(w, r)
					return
				}
				w.Write(c.zip)
			}))
			defer srv.Close()
			t.Setenv("GOPROXY", srv.URL)
			t.Setenv("PATH", "")
			_, err := moduleDir(context.Background(), m)
			if err == nil || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), "cannot download "+m) {
				t.Errorf("%v, want an error naming %s and saying %q", err, m, c.says)
			}
			filepath.WalkDir(os.TempDir(), func(p string, e fs.DirEntry, err error) error {
				if err == nil && strings.HasPrefix(e.Name(), "evil") {
					t.Errorf("written: %s", p)
				}
				return nil
			})
		})
	}
	isolate(t)
	zipped := zipOf(good, entry{name: m + "/link.go", body: "/etc/passwd", mode: os.ModeSymlink | 0o777})
	db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, zipped))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, ".zip") {
			http.NotFound(w, r) // its /sumdb/: the database at its URL
			return
		}
		w.Write(zipped)
	}))
	defer srv.Close()
	t.Setenv("GOPROXY", srv.URL)
	dir, err := moduleDir(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(filepath.Join(dir, "link.go")); err != nil || !info.Mode().IsRegular() {
		t.Errorf("an entry marked as a link: %v, %v; want a regular file", info, err)
	}
}

// A module's zip is written only as far as copycat reads it: its Go
// files, go.mod and .duplignore, at most maxRepoFiles of them, as a
// repository's checkout is bounded. modzip.Unzip wrote every file, up to
// the go command's 500 MiB: 200,000 empty files of text in a zip of 33
// MB, which anyone may publish, wrote 200,000 files no worker reads.
func TestModuleZipFilesRead(t *testing.T) {
	const m = "example.com/m@v1.0.0"
	files := map[string]string{"a.go": "package m\n", "go.mod": "module example.com/m\n", ".duplignore": "gen.go\n",
		"sub/b.go": "package sub\n", "README.md": "# m\n"}
	for i := range 1000 {
		files[fmt.Sprintf("data/%04d.txt", i)] = ""
	}
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for name, body := range files {
		f, err := w.Create(m + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(f, body)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	serve := func(t *testing.T) {
		isolate(t)
		zfile := filepath.Join(t.TempDir(), "m.zip")
		if err := os.WriteFile(zfile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		newTestDB(t, "sum.example.com").vouch(t, "example.com/m", "v1.0.0", zfile)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, ".zip") {
				http.NotFound(w, r)
				return
			}
			w.Write(b.Bytes())
		}))
		t.Cleanup(srv.Close)
		t.Setenv("GOPROXY", srv.URL)
		t.Setenv("PATH", "")
	}
	t.Run("read", func(t *testing.T) {
		serve(t)
		dir, err := moduleDir(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				rel, _ := filepath.Rel(dir, p)
				got = append(got, filepath.ToSlash(rel))
			}
			return nil
		})
		// Beside them, the zip's hash the database vouched for (keptSum).
		if want := []string{keptSum, ".duplignore", "a.go", "go.mod", "sub/b.go"}; !slices.Equal(got, want) {
			t.Errorf("%d files written (%q…), want %q", len(got), got[:min(6, len(got))], want)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "sub", "b.go")); string(b) != files["sub/b.go"] {
			t.Errorf("sub/b.go: %q, %v", b, err)
		}
	})
	t.Run("too many", func(t *testing.T) {
		serve(t)
		defer func(n int64) { maxRepoFiles = n }(maxRepoFiles)
		maxRepoFiles = 3
		_, err := moduleDir(context.Background(), m)
		if err == nil || !strings.Contains(err.Error(), "cannot download "+m) || !strings.Contains(err.Error(), "more than 3 files") {
			t.Errorf("%v, want an error naming %s and the limit", err, m)
		}
	})
}

// A proxy's answer printed in copycat-dist's error reaches the terminal
// escaped: its status line "500 \x1b]0;PWNED\a\x1b[2J" set the window's
// title and cleared the screen, and a zip entry's name did as much.
func TestErrorsEscaped(t *testing.T) {
	const m = "example.com/m@v1.0.0"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Read(make([]byte, 4096))
			io.WriteString(c, "HTTP/1.1 500 \x1b]0;PWNED\a\x1b[2Jcleared\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
			c.Close()
		}
	}()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	f, _ := w.Create(m + "/a\x1b]0;PWNED\a.go")
	io.WriteString(f, "package m\n")
	w.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, ".zip") {
			http.NotFound(w, r)
			return
		}
		w.Write(b.Bytes())
	}))
	defer srv.Close()
	for _, proxy := range []string{"http://" + ln.Addr().String(), srv.URL} {
		isolate(t)
		newTestDB(t, "sum.example.com")
		t.Setenv("GOPROXY", proxy)
		t.Setenv("PATH", "")
		err := (&resolveFn{}).ProcessElement(context.Background(), m, func(string, string) {})
		if err == nil || strings.ContainsAny(err.Error(), "\x1b\a") || !strings.Contains(err.Error(), `\x1b]0;PWNED\a`) {
			t.Errorf("%s: %q, want the error with its escapes written out", proxy, err)
		}
	}
}
