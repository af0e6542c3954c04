package pipeline

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/sumdb/note"
)

// A testDB is a checksum database for the tests: golang.org/x/mod/sumdb's
// test server, signed with a key of its own, that gives the hashes of
// the zips it vouches for; served at its own URL and, by proxied, under
// a proxy's /sumdb/<name>/. newTestDB sets GOSUMDB to its key and URL,
// and GOPATH and GOMODCACHE to folders of the test's, where the state of
// the database is kept (sumstate.go).
type testDB struct {
	name, key string
	skey      string // the signer key
	ts        *sumdb.TestServer
	srv       *httptest.Server
	proxied   http.Handler
	lookups   atomic.Int32 // /lookup/ requests, at its URL or proxied

	mu     sync.Mutex
	sums   map[string]string // "path version" → h1: hash
	gomods map[string]string // "path version" → h1: hash of its go.mod, if vouched for
}

func newTestDB(t *testing.T, name string) *testDB {
	t.Helper()
	skey, vkey, err := note.GenerateKey(rand.Reader, name)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOPATH", t.TempDir())
	t.Setenv("GOMODCACHE", t.TempDir())
	return serveTestDB(t, name, skey, vkey)
}

// fork stands up another database signed with db's key, with a log of
// its own, as a database that shows its clients two logs would.
func (db *testDB) fork(t *testing.T) *testDB {
	return serveTestDB(t, db.name, db.skey, db.key)
}

func serveTestDB(t *testing.T, name, skey, vkey string) *testDB {
	db := &testDB{name: name, key: vkey, skey: skey, sums: map[string]string{}, gomods: map[string]string{}}
	db.ts = sumdb.NewTestServer(skey, func(path, vers string) ([]byte, error) {
		db.mu.Lock()
		defer db.mu.Unlock()
		h, ok := db.sums[path+" "+vers]
		if !ok {
			return nil, &fs.PathError{Op: "lookup", Path: path + "@" + vers, Err: fs.ErrNotExist}
		}
		gomod := db.gomods[path+" "+vers]
		if gomod == "" {
			gomod = "h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
		}
		return []byte(path + " " + vers + " " + h + "\n" + path + " " + vers + "/go.mod " + gomod + "\n"), nil
	})
	server := sumdb.NewServer(db.ts)
	counted := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/lookup/") {
			db.lookups.Add(1)
		}
		server.ServeHTTP(w, r)
	})
	db.srv = httptest.NewServer(counted)
	t.Cleanup(db.srv.Close)
	mux := http.NewServeMux()
	mux.HandleFunc("/supported", func(http.ResponseWriter, *http.Request) {})
	mux.Handle("/", counted)
	db.proxied = http.StripPrefix("/sumdb/"+name, mux)
	t.Setenv("GOSUMDB", vkey+" "+db.srv.URL)
	return db
}

// vouch has the database log the hash of the zip file as path@version's.
func (db *testDB) vouch(t *testing.T, path, version, file string) string {
	t.Helper()
	h, err := dirhash.HashZip(file, dirhash.Hash1)
	if err != nil {
		t.Fatal(err)
	}
	db.mu.Lock()
	db.sums[path+" "+version] = h
	db.mu.Unlock()
	if _, err := db.ts.Lookup(context.Background(), module.Version{Path: path, Version: version}); err != nil {
		t.Fatal(err)
	}
	return h
}

// vouchGoMod has the database log the hash of gomod as the go.mod of
// path@version, beside a hash of its zip (one that matches no zip, if it
// was given none). It must come before the module is first looked up.
func (db *testDB) vouchGoMod(t *testing.T, path, version, gomod string) {
	t.Helper()
	h := goModHash(t, []byte(gomod))
	db.mu.Lock()
	db.gomods[path+" "+version] = h
	if db.sums[path+" "+version] == "" {
		db.sums[path+" "+version] = "h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
	}
	db.mu.Unlock()
	if _, err := db.ts.Lookup(context.Background(), module.Version{Path: path, Version: version}); err != nil {
		t.Fatal(err)
	}
}

// goModHash is the h1: hash of a go.mod, as go.sum and the checksum
// database give it.
func goModHash(t *testing.T, gomod []byte) string {
	t.Helper()
	h, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(gomod)), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// vouchDownloads stands up a checksum database that vouches for
// memoryModule's zip and go.mod in the module cache's download folder
// dl.
func vouchDownloads(t *testing.T, dl string) *testDB {
	t.Helper()
	db := newTestDB(t, "sum.example.com")
	at := filepath.Join(dl, filepath.FromSlash(memoryPath), "@v", memoryVersion)
	gomod, err := os.ReadFile(at + ".mod")
	if err != nil {
		t.Fatal(err)
	}
	db.mu.Lock()
	db.gomods[memoryPath+" "+memoryVersion] = goModHash(t, gomod)
	db.mu.Unlock()
	db.vouch(t, memoryPath, memoryVersion, at+".zip")
	return db
}

// The module of the tests below: its zip, and the same with one byte of
// a file changed.
const sumModule = "example.com/m@v1.0.0"

func sumModuleZip(t *testing.T, body string) []byte {
	return moduleZip(t, sumModule, body)
}

// moduleZip returns the zip of module mod, path@version, whose m.go holds
// body.
func moduleZip(t *testing.T, mod, body string) []byte {
	t.Helper()
	path, _, _ := strings.Cut(mod, "@")
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for name, text := range map[string]string{"go.mod": "module " + path + "\n", "m.go": body} {
		f, err := w.Create(mod + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(text))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var (
	goodBody    = "package m\n\nfunc F() int { return 1 }\n"
	alteredBody = "package m\n\nfunc F() int { return 2 }\n"
)

// sumProxy stands up a proxy that serves zipped as any module's zip
// and, when db is not nil, db under /sumdb/<name>/; GOPROXY is set to
// it, with no go command on the PATH. It counts the zip's downloads.
func sumProxy(t *testing.T, zipped []byte, db *testDB) *atomic.Int32 {
	t.Helper()
	var zips atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, ".zip"):
			zips.Add(1)
			w.Write(zipped)
		case db != nil && strings.HasPrefix(r.URL.Path, "/sumdb/"+db.name+"/"):
			db.proxied.ServeHTTP(w, r)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	t.Setenv("GOPROXY", srv.URL)
	t.Setenv("PATH", "")
	return &zips
}

// writeZip writes zipped to a file of the test's and returns its name.
func writeZip(t *testing.T, zipped []byte) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "m.zip")
	if err := os.WriteFile(name, zipped, 0o666); err != nil {
		t.Fatal(err)
	}
	return name
}

// unread fails the test if sumModule's tree, or any zip, was left in
// the temporary folder: nothing of the module was read.
func unread(t *testing.T) {
	unreadModule(t, sumModule)
}

func unreadModule(t *testing.T, mod string) {
	t.Helper()
	base, err := privateTemp("copycat-dist-mod")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(base, filepath.FromSlash(mod))); err == nil {
		t.Errorf("the module's tree was written")
	}
	if left, _ := filepath.Glob(filepath.Join(os.TempDir(), "copycat-dist-*.zip")); len(left) > 0 {
		t.Errorf("zips left behind: %v", left)
	}
}

// TestSumDB: a proxy's zip that the checksum database vouches for is
// read, the database asked through the proxy when the proxy serves it
// (its /sumdb/<name>/supported), at the database's own URL when not, and
// not at all when the proxy fails it (500) before a ",". Before, the
// database was never asked.
func TestSumDB(t *testing.T) {
	good := sumModuleZip(t, goodBody)
	for _, c := range []struct {
		name            string
		proxied, direct bool // where the database is served
	}{
		{name: "through the proxy", proxied: true},
		{name: "at its URL", direct: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			db := newTestDB(t, "sum.example.com")
			db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, good))
			var served *testDB
			if c.proxied {
				served = db
			}
			sumProxy(t, good, served)
			if !c.direct {
				db.srv.Close() // unreachable at its URL
			}
			dir, err := moduleDir(context.Background(), sumModule)
			if err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(filepath.Join(dir, "m.go")); string(b) != goodBody {
				t.Errorf("m.go holds %q, %v", b, err)
			}
			if db.lookups.Load() == 0 {
				t.Errorf("the checksum database was not asked")
			}
		})
	}
	t.Run("the proxy fails it", func(t *testing.T) {
		isolate(t)
		db := newTestDB(t, "sum.example.com")
		db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, good))
		failing := &testDB{name: db.name, proxied: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "down", http.StatusInternalServerError)
		})}
		sumProxy(t, good, failing)
		_, err := moduleDir(context.Background(), sumModule)
		if err == nil || !strings.Contains(err.Error(), "500") || !strings.Contains(err.Error(), "verifying module") {
			t.Errorf("%v, want the proxy's 500 in verifying the module", err)
		}
		if db.lookups.Load() != 0 {
			t.Errorf("the database was asked at its URL")
		}
		unread(t)
	})
}

// TestSumDBMismatch: a zip with one byte of a file changed from the one
// the checksum database vouches for fails the module's download with an
// error that names the module, both hashes and the database; the zip is
// removed and nothing of it read. Before, it was read as the module's.
func TestSumDBMismatch(t *testing.T) {
	isolate(t)
	db := newTestDB(t, "sum.example.com")
	want := db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, sumModuleZip(t, goodBody)))
	altered := sumModuleZip(t, alteredBody)
	got, err := dirhash.HashZip(writeZip(t, altered), dirhash.Hash1)
	if err != nil || got == want {
		t.Fatalf("the altered zip hashes to %s (%v), the good one to %s", got, err, want)
	}
	for _, proxied := range []bool{true, false} {
		served := db
		if !proxied {
			served = nil
		}
		zips := sumProxy(t, altered, served)
		_, err := moduleDir(context.Background(), sumModule)
		says := fmt.Sprintf("cannot download %s: checksum mismatch: the zip hashes to %s, sum.example.com says %s", sumModule, got, want)
		if err == nil || err.Error() != says {
			t.Errorf("proxied %t: %v, want %q", proxied, err, says)
		}
		if zips.Load() != 1 {
			t.Errorf("proxied %t: the zip was downloaded %d times, want once", proxied, zips.Load())
		}
		unread(t)
	}
}

// TestSumDBSkipped: GOSUMDB=off, and a module path that GONOSUMDB or,
// when GONOSUMDB is not set, GOPRIVATE matches, leave the zip unchecked
// (the database is not asked: an altered zip is read); a module that
// neither matches is checked. Before, none was checked.
func TestSumDBSkipped(t *testing.T) {
	altered := sumModuleZip(t, alteredBody)
	for _, c := range []struct {
		env     map[string]string
		checked bool
	}{
		{map[string]string{"GOSUMDB": "off"}, false},
		{map[string]string{"GONOSUMDB": "example.com"}, false},
		{map[string]string{"GONOSUMDB": "other.org,example.com/m"}, false},
		{map[string]string{"GOPRIVATE": "*.com"}, false},
		{map[string]string{"GONOSUMDB": "other.org"}, true},
		{map[string]string{"GONOSUMDB": "other.org", "GOPRIVATE": "example.com"}, true},
		{map[string]string{"GOPRIVATE": "example.com/mm"}, true},
		{map[string]string{}, true},
	} {
		t.Run(fmt.Sprint(c.env), func(t *testing.T) {
			isolate(t)
			db := newTestDB(t, "sum.example.com")
			db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, sumModuleZip(t, goodBody)))
			sumProxy(t, altered, db)
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			_, err := moduleDir(context.Background(), sumModule)
			if c.checked {
				if err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
					t.Errorf("%v, want a checksum mismatch", err)
				}
				return
			}
			if err != nil {
				t.Error(err)
			}
			if db.lookups.Load() != 0 {
				t.Errorf("the database was asked")
			}
		})
	}
}

// TestSumDBUnverified: a zip the checksum database cannot vouch for
// fails the module's download, with a hint for private modules: the
// database unreachable, not knowing the module, or signed with another
// key than GOSUMDB's. Before, the zip was read.
func TestSumDBUnverified(t *testing.T) {
	good := sumModuleZip(t, goodBody)
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, db *testDB)
		says  string
	}{
		{"unreachable", func(t *testing.T, db *testDB) { db.srv.Close() }, "connect"},
		{"unknown", func(t *testing.T, db *testDB) {}, "404 Not Found"},
		{"another key", func(t *testing.T, db *testDB) {
			db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, good))
			_, other, err := note.GenerateKey(rand.Reader, db.name)
			if err != nil {
				t.Fatal(err)
			}
			t.Setenv("GOSUMDB", other+" "+db.srv.URL)
		}, "reading tree note"},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			db := newTestDB(t, "sum.example.com")
			sumProxy(t, good, nil)
			c.setup(t, db)
			_, err := moduleDir(context.Background(), sumModule)
			for _, s := range []string{"cannot download " + sumModule + ": verifying module: ", c.says, "GONOSUMDB", "GOSUMDB=off"} {
				if err == nil || !strings.Contains(err.Error(), s) {
					t.Errorf("%v, want an error saying %q", err, s)
				}
			}
			unread(t)
		})
	}
}

// TestSumDBForked: a database that shows a process two logs, signed
// with its one key, fails the check that sees the second with a security
// error: here the second log holds an altered zip's hash for the module
// checked first, then the hash of another module, which that check asks
// for. The latest signed tree seen is kept, where the go command keeps
// it (sumstate.go). Before, the second module was read.
func TestSumDBForked(t *testing.T) {
	isolate(t)
	db := newTestDB(t, "sum.example.com")
	db.vouch(t, "example.com/m", "v1.0.0", writeZip(t, sumModuleZip(t, goodBody)))
	sumProxy(t, sumModuleZip(t, goodBody), db)
	if _, err := moduleDir(context.Background(), sumModule); err != nil {
		t.Fatal(err)
	}
	const other = "example.com/n@v1.0.0"
	forked := db.fork(t)
	forked.vouch(t, "example.com/m", "v1.0.0", writeZip(t, sumModuleZip(t, alteredBody)))
	otherZip := moduleZip(t, other, goodBody)
	forked.vouch(t, "example.com/n", "v1.0.0", writeZip(t, otherZip))
	sumProxy(t, otherZip, forked)
	_, err := moduleDir(context.Background(), other)
	if err == nil || !strings.Contains(err.Error(), "cannot download "+other+": verifying module: SECURITY ERROR") {
		t.Errorf("%v, want a security error naming %s", err, other)
	}
	unreadModule(t, other)
}

// latestNote is the signed tree head proxy.golang.org served for
// sum.golang.org on 2026-12-06 (…/sumdb/sum.golang.org/latest).
const latestNote = `go.sum database tree
72985873
cD+BM1i9jKC86Tt8wemvuTdHxrQH8FSBGty675jA41c=

— sum.golang.org Az3grv9y0u8XBb/wfxJBTNwoYR1/Kov4K8X6VTT6Twyydy6KJdBtgPVigK0nKgjWN848br8vLPgZveatOczNnraLRwg=
`

// TestGOSUMDB reads GOSUMDB as the go command does: sum.golang.org by
// default, with the key that verifies what it signed; off; a key and a
// URL; and refuses what the go command refuses.
func TestGOSUMDB(t *testing.T) {
	_, key, err := note.GenerateKey(rand.Reader, "sum.example.com")
	if err != nil {
		t.Fatal(err)
	}
	for env, want := range map[string]*sumDB{
		"":                                 {sumGolangOrg, "sum.golang.org", "https://sum.golang.org"},
		"sum.golang.org":                   {sumGolangOrg, "sum.golang.org", "https://sum.golang.org"},
		"sum.golang.google.cn":             {sumGolangOrg, "sum.golang.org", "https://sum.golang.google.cn"},
		"off":                              nil,
		key:                                {key, "sum.example.com", "https://sum.example.com"},
		key + " http://localhost:8080/db/": {key, "sum.example.com", "http://localhost:8080/db"},
	} {
		got, err := sumDBOf(env)
		if err != nil || (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Errorf("GOSUMDB=%q: %+v, %v; want %+v", env, got, err, want)
		}
	}
	_, pathKey, _ := note.GenerateKey(rand.Reader, "example.com/db")
	for env, says := range map[string]string{
		"sum.example.com":       "malformed verifier",
		key + " a b":            "too many fields",
		pathKey:                 "not a host",
		"sum.golang.org+1+AAAA": "malformed verifier",
	} {
		if _, err := sumDBOf(env); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("GOSUMDB=%q: %v, want an error saying %q", env, err, says)
		}
	}
	v, err := note.NewVerifier(sumGolangOrg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := note.Open([]byte(latestNote), note.VerifierList(v)); err != nil {
		t.Errorf("sum.golang.org's tree head: %v", err)
	}
}

// goProxy stands up a module proxy that serves the modules of zips (by
// path@version: its .info, its go.mod, module path, and its zip) and db,
// and sets GOPROXY to it.
func goProxy(t *testing.T, db *testDB, zips map[string][]byte) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/sumdb/"+db.name+"/") {
			db.proxied.ServeHTTP(w, r)
			return
		}
		path, file, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/@v/")
		version := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(file, ".info"), ".mod"), ".zip")
		zipped, ok := zips[path+"@"+version]
		switch {
		case !ok:
			http.NotFound(w, r)
		case strings.HasSuffix(file, ".info"):
			fmt.Fprintf(w, `{"Version":%q}`, version)
		case strings.HasSuffix(file, ".mod"):
			fmt.Fprintf(w, "module %s\n", path)
		case strings.HasSuffix(file, ".zip"):
			w.Write(zipped)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	t.Setenv("GOPROXY", srv.URL)
}
