package pipeline

import (
	"archive/zip"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	modzip "golang.org/x/mod/zip"
)

// A module given as path@version is read where the go command keeps it
// (the module cache, $GOMODCACHE or $GOPATH/pkg/mod), and else fetched by
// copycat-dist itself with the module proxy protocol (go help
// goproxy): the zip from the first proxy of $GOPROXY that has it, the
// module cache's own download folder first, unzipped with
// golang.org/x/mod/zip, which refuses the names and sizes the go command
// refuses, once its hash is checked against the checksum database
// (sumdb.go); a tree in the module cache is read once the hash the go
// command wrote of its zip is checked (checkExtracted). A worker then needs neither the go command nor a module
// cache: the stock container of a Beam runner has neither. "direct" in
// $GOPROXY (a module fetched from its repository) is left to the go
// command, where there is one.

// defaultProxy is $GOPROXY's value when it is not set, as for the go
// command.
const defaultProxy = "https://proxy.golang.org,direct"

// errNotFound is a proxy's answer that it does not have what was asked
// (404 or 410): the next proxy of the list is asked, whatever the
// separator.
var errNotFound = errors.New("not found")

// proxyClient downloads from the module proxies; it is a variable so
// that a test may slow it or count its requests.
var proxyClient = &http.Client{Timeout: 10 * time.Minute, CheckRedirect: secureRedirects}

// secureRedirects refuses, as the go command's client does, a redirect
// from an https:// URL to one that is not: a zip that travelled in the
// clear could have been changed on the way, and a private module's
// (GONOSUMDB, GOPRIVATE) is checked against no database.
func secureRedirects(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return errors.New("stopped after 10 redirects")
	}
	if via[0].URL.Scheme == "https" && req.URL.Scheme != "https" {
		return fmt.Errorf("redirected from secure URL %s to insecure URL %s", withoutCredentials(via[len(via)-1].URL.String()), withoutCredentials(req.URL.String()))
	}
	return nil
}

// What a proxy's answers may hold, read through a limit so that a proxy
// that sends more (an endless body) fills neither the disk nor the
// memory: a zip as large as the go command accepts (modzip.MaxZipFile,
// which Unzip checks after), and a version list or a version's details
// (@v/list, @latest) of 16 MiB, some 400,000 versions. Variables, so
// that a test may lower them.
var (
	maxZipBytes  int64 = modzip.MaxZipFile
	maxInfoBytes int64 = 16 << 20
)

// readAtMost reads r to its end, refusing it past limit bytes: the error
// says what was read (what) and the limit.
func readAtMost(r io.Reader, limit int64, what string) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err == nil && int64(len(b)) > limit {
		err = fmt.Errorf("%s is larger than %d bytes, not read", what, limit)
	}
	return b, err
}

// moduleDir returns the directory of arg: arg itself if it names a file,
// and else, for a module path@version, the module's tree (see above).
func moduleDir(ctx context.Context, arg string) (string, error) {
	if !strings.Contains(arg, "@") {
		return arg, nil
	}
	if _, err := os.Stat(arg); err == nil {
		return arg, nil
	}
	dir, err := fetchModule(ctx, arg)
	if err != nil {
		return "", fmt.Errorf("cannot download %s: %w", arg, err)
	}
	return dir, nil
}

// moduleProxies returns the proxies to ask for a module, the module
// cache's downloads first, and the module cache ("" if none).
func moduleProxies() ([]proxy, string) {
	proxies := proxyList(os.Getenv("GOPROXY"))
	cache := modCache()
	if cache != "" {
		// The go command's downloads are a proxy that is always there.
		// Its folder's path is escaped in the URL, which get unescapes:
		// unescaped, a folder named a%41 was looked for as aA.
		dl := url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(cache, "cache", "download"))}
		proxies = append([]proxy{{url: dl.String(), fallThrough: true}}, proxies...)
	}
	return proxies, cache
}

// pin returns a module argument path@latest as path@version, the version
// the proxies give as its latest, so that the report names the version
// read and every worker that reads its files reads that one; any other
// argument as it is.
func pin(ctx context.Context, arg string) (string, error) {
	path, ok := strings.CutSuffix(arg, "@latest")
	if !ok {
		return arg, nil
	}
	if _, _, git := gitSource(arg); git {
		return arg, nil
	}
	if _, err := os.Stat(arg); err == nil {
		return arg, nil
	}
	if err := module.CheckPath(path); err != nil {
		return "", fmt.Errorf("cannot download %s: %w", arg, err)
	}
	proxies, _ := moduleProxies()
	version, err := latest(ctx, proxies, path)
	if err != nil {
		return "", fmt.Errorf("cannot download %s: %w", arg, err)
	}
	return path + "@" + version, nil
}

// fetchModule returns the tree of module path@version, arg, from the
// module cache or a proxy.
func fetchModule(ctx context.Context, arg string) (string, error) {
	ctx, done := interruptible(ctx)
	defer done()
	path, version, _ := strings.Cut(arg, "@")
	if err := module.CheckPath(path); err != nil {
		return "", err
	}
	// +incompatible, which marks a major version from 2 up of a module
	// without a go.mod (github.com/docker/docker@v28.5.2+incompatible),
	// is kept by module.CanonicalVersion; semver.Canonical drops it.
	if version != "latest" && (!semver.IsValid(version) || module.CanonicalVersion(version) != version) {
		return "", fmt.Errorf("version %q is not a full semantic version or latest", version)
	}
	proxies, cache := moduleProxies()
	if version == "latest" {
		var err error
		if version, err = latest(ctx, proxies, path); err != nil {
			return "", err
		}
	}
	m := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return "", err
	}
	esc, err := escaped(m)
	if err != nil {
		return "", err
	}
	if cache != "" {
		if dir := filepath.Join(cache, filepath.FromSlash(esc)); isDir(dir) && extracted(cache, esc) {
			if err := checkExtracted(ctx, proxies, m, cache, esc); err != nil {
				return "", err
			}
			return dir, nil
		}
	}
	base, err := privateTemp("copycat-dist-mod")
	if err != nil {
		return "", err
	}
	dir := filepath.Join(base, filepath.FromSlash(esc))
	if ok, err := kept(ctx, proxies, m, dir); ok || err != nil {
		return dir, err
	}
	zip, sum, goDir, err := fetch(ctx, proxies, m)
	if err != nil || goDir != "" {
		return goDir, err
	}
	defer dropTemp(zip)
	if isDir(dir) {
		if err := setAside(dir); err != nil {
			return "", err
		}
	}
	return intoPlace(dir, func(tmp string) error {
		if err := unzipRead(tmp, m, zip); err != nil || sum == "" {
			return err
		}
		return os.WriteFile(filepath.Join(tmp, keptSum), []byte(sum+"\n"), 0o444)
	})
}

// extracted reports whether the go command finished extracting the
// module esc (escaped path@version) into the module cache, as it asks
// it itself (modfetch.DownloadDir): it marks an extraction under way
// with a file .partial beside the module's zip, removed at its end, and
// writes the zip's hash (.ziphash) before it. A go command stopped while
// it extracted a module (a CI job cancelled, a machine out of memory)
// leaves part of its files, which were read as the module's.
func extracted(cache, esc string) bool {
	p, v, _ := strings.Cut(esc, "@")
	at := filepath.Join(cache, "cache", "download", filepath.FromSlash(p), "@v", v)
	_, partial := os.Stat(at + ".partial")
	_, ziphash := os.Stat(at + ".ziphash")
	return errors.Is(partial, fs.ErrNotExist) && ziphash == nil
}

// checkExtracted checks the module m (esc, escaped) that the go command
// extracted into the module cache as the go command checks it each time
// it uses it (modfetch's checkMod): the hash it wrote of the zip
// (.ziphash) against the checksum database, unless the database is off
// or GONOSUMDB leaves the module out; a .ziphash that holds no hash has
// the zip hashed again, as the go command hashes it. The module cache
// holds what any go command wrote there, under a GONOSUMDB, a
// GOSUMDB=off or a go.sum of its own, and was read as the module the
// database vouches for. As the go command, the tree's files are not
// hashed again (go mod verify does that).
func checkExtracted(ctx context.Context, proxies []proxy, m module.Version, cache, esc string) error {
	db, err := sumDBFor(m.Path)
	if err != nil || db == nil {
		return err
	}
	p, v, _ := strings.Cut(esc, "@")
	at := filepath.Join(cache, "cache", "download", filepath.FromSlash(p), "@v", v)
	b, err := os.ReadFile(at + ".ziphash")
	if err != nil {
		return err
	}
	if h := strings.TrimSpace(string(b)); validSum(h) {
		return db.check(ctx, proxies, m, "zip", h)
	}
	_, err = checkSum(ctx, proxies, m, at+".zip")
	return err
}

// keptSum names the file of a module's tree in the worker's folder that
// holds the hash of the zip the tree was written from, as a checksum
// database vouched for it; there is none when no database checked it.
const keptSum = ".copycat-ziphash"

// kept says whether the tree dir of module m, which a run on this
// machine wrote into the worker's folder, may be read again. A tree
// outlives its run, and its run may have read it from a proxy under a
// GONOSUMDB, a GOSUMDB=off or another GOSUMDB: as the module cache's
// trees (checkExtracted), when a database checks m, the hash kept with
// the tree is checked against it again, and a tree kept without one is
// not read (it is fetched again). Such a tree was read as the module
// the database vouches for.
func kept(ctx context.Context, proxies []proxy, m module.Version, dir string) (bool, error) {
	if !isDir(dir) {
		return false, nil
	}
	db, err := sumDBFor(m.Path)
	if err != nil || db == nil {
		return err == nil, err
	}
	b, err := os.ReadFile(filepath.Join(dir, keptSum))
	h := strings.TrimSpace(string(b))
	if err != nil || !validSum(h) {
		return false, nil
	}
	return true, db.check(ctx, proxies, m, "zip", h)
}

// setAside removes the tree dir, renamed first into a temporary folder
// beside it, so that dir is gone at once.
func setAside(dir string) error {
	aside, err := makeTemp(filepath.Dir(dir), fetchPrefix, "", true)
	if err != nil {
		return err
	}
	defer dropTemp(aside)
	return os.Rename(dir, filepath.Join(aside, "old"))
}

// validSum reports whether h has the form of an h1: hash, as the go
// command asks it of a .ziphash (isValidSum).
func validSum(h string) bool {
	return strings.HasPrefix(h, "h1:") && len(h) == len("h1:")+base64.StdEncoding.EncodedLen(sha256.Size) && !strings.Contains(h, "\x00")
}

// unzipRead writes, of module m's zip, checked as the go command checks
// it (modzip.CheckZip: names, sizes, collisions), the files copycat
// reads (Go files, go.mod, .duplignore) into dir, at most maxRepoFiles
// of them, as modzip.Unzip writes each file: no more bytes than the zip
// declares. modzip.Unzip wrote every file, up to the go command's 500
// MiB: a module of 200,000 empty files of text wrote 200,000 files that
// no worker reads, and nothing bounded their count.
func unzipRead(dir string, m module.Version, zipFile string) error {
	cf, err := modzip.CheckZip(m, zipFile)
	if err == nil {
		err = cf.Err()
	}
	if err != nil {
		return err
	}
	z, err := zip.OpenReader(zipFile)
	if err != nil {
		return err
	}
	defer z.Close()
	prefix := m.Path + "@" + m.Version + "/"
	var files int64
	for _, zf := range z.File {
		name := strings.TrimPrefix(zf.Name, prefix) // CheckZip checked the prefix
		if strings.HasSuffix(name, "/") || !readFile(name) {
			continue
		}
		if files++; files > maxRepoFiles {
			return fmt.Errorf("the zip holds more than %d files copycat reads, the most copycat-dist writes; not read", maxRepoFiles)
		}
		if err := unzipFile(zf, filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			return err
		}
	}
	return nil
}

// readFile reports whether copycat reads the file at path name (slashed)
// of a tree.
func readFile(name string) bool {
	base := name[strings.LastIndexByte(name, '/')+1:]
	return strings.HasSuffix(base, ".go") || base == "go.mod" || base == ".duplignore"
}

// unzipFile writes zf at dst, refusing it when it holds more than it
// declares.
func unzipFile(zf *zip.File, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
		return err
	}
	w, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o444)
	if err != nil {
		return err
	}
	r, err := zf.Open()
	if err != nil {
		w.Close()
		return err
	}
	lr := &io.LimitedReader{R: r, N: int64(zf.UncompressedSize64) + 1}
	_, err = io.Copy(w, lr)
	r.Close()
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil && lr.N <= 0 {
		err = fmt.Errorf("uncompressed size of file %s is larger than declared size (%d bytes)", zf.Name, zf.UncompressedSize64)
	}
	return err
}

// escaped is the module's name in a module cache and on a proxy:
// path@version with capitals escaped.
func escaped(m module.Version) (string, error) {
	p, err := module.EscapePath(m.Path)
	if err != nil {
		return "", err
	}
	v, err := module.EscapeVersion(m.Version)
	if err != nil {
		return "", err
	}
	return p + "@" + v, nil
}

// A proxy is one entry of $GOPROXY: its URL, and whether any error (a
// "|" after it), not only "not found", passes to the next entry; or
// "direct", or "off", which ends the list with an error.
type proxy struct {
	url         string
	fallThrough bool
	direct, off bool
}

// String names the proxy in errors: its URL without what it holds
// before its host (a user and a password, a token: GOPROXY may hold
// them, as for the go command, which leaves them out of what it says).
func (p proxy) String() string { return withoutCredentials(p.url) }

// errOff is what "off" in $GOPROXY answers.
var errOff = errors.New("module downloads are off (GOPROXY=off)")

// proxyList reads $GOPROXY: URLs separated by "," or "|", "direct", and
// "off", after which nothing is asked.
func proxyList(env string) []proxy {
	if strings.TrimSpace(env) == "" {
		env = defaultProxy
	}
	var list []proxy
	for env != "" {
		i := strings.IndexAny(env, ",|")
		entry, sep := env, byte(0)
		if i >= 0 {
			entry, sep, env = env[:i], env[i], env[i+1:]
		} else {
			env = ""
		}
		switch entry = strings.TrimSpace(entry); entry {
		case "":
		case "off":
			return append(list, proxy{off: true})
		case "direct":
			list = append(list, proxy{direct: true, fallThrough: sep == '|'})
		default:
			if !strings.Contains(entry, "://") {
				entry = "https://" + entry
			}
			list = append(list, proxy{url: strings.TrimSuffix(entry, "/"), fallThrough: sep == '|'})
		}
	}
	return list
}

// fetch downloads m's zip from the first proxy that has it into a
// temporary file (makeTemp; the caller drops it), checks it against the
// checksum database, and returns its name and hash ("" if no database
// checks it); or, from "direct", the go command's tree of it.
func fetch(ctx context.Context, proxies []proxy, m module.Version) (zip, sum, dir string, err error) {
	esc, err := escaped(m)
	if err != nil {
		return "", "", "", err
	}
	p, v, _ := strings.Cut(esc, "@")
	err = ask(ctx, proxies, func(px proxy) error {
		if px.direct {
			return goCommand(ctx, m.Path+"@"+m.Version, &dir)
		}
		body, err := get(ctx, px.url+"/"+p+"/@v/"+v+".zip")
		if err != nil {
			return err
		}
		defer body.Close()
		name, err := makeTemp(os.TempDir(), zipPrefix, zipSuffix, false)
		if err != nil {
			return err
		}
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			dropTemp(name)
			return err
		}
		n, err := io.Copy(f, io.LimitReader(body, maxZipBytes+1))
		if err == nil && n > maxZipBytes {
			err = fmt.Errorf("the zip is larger than %d bytes, the most the go command accepts; not read", maxZipBytes)
		}
		if cerr := f.Close(); err == nil && cerr != nil {
			dropTemp(name)
			return cerr
		}
		if err != nil {
			dropTemp(name)
			return fmt.Errorf("%s: %w", px, err)
		}
		zip = name
		return nil
	})
	if err == nil && zip != "" {
		if sum, err = checkSum(ctx, proxies, m, zip); err != nil {
			dropTemp(zip)
			zip = ""
		}
	}
	return zip, sum, dir, err
}

// ask calls try with each proxy in turn until one answers: the next is
// asked after "not found", or after any error of a proxy listed before a
// "|". The error is, as the go command's (TryProxies), the last that is
// not "not found": a checksum mismatch of the module cache's downloads
// (asked first, as if before a "|") is not hidden by an "off" after it,
// or by proxies that lack the module.
func ask(ctx context.Context, proxies []proxy, try func(proxy) error) error {
	var failed error // the last error that is not "not found"
	for _, p := range proxies {
		if p.off {
			return cmp.Or(failed, errOff)
		}
		err := try(p)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !errors.Is(err, errNotFound) {
			if !p.fallThrough {
				return err
			}
			failed = err
		}
	}
	return cmp.Or(failed, errors.New("no proxy of GOPROXY has it"))
}

// get opens what a proxy serves at u: a file for a file:// proxy. A
// missing file, 404 and 410 are errNotFound.
func get(ctx context.Context, u string) (io.ReadCloser, error) {
	if rest, ok := strings.CutPrefix(u, "file://"); ok {
		p, err := url.PathUnescape(rest)
		if err != nil {
			return nil, err
		}
		f, err := os.Open(filepath.FromSlash(p))
		if errors.Is(err, os.ErrNotExist) {
			return nil, errNotFound
		}
		return f, err
	}
	shown := withoutCredentials(u)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, namedAs(err, shown)
	}
	resp, err := proxyClient.Do(req)
	if err != nil {
		return nil, namedAs(err, shown)
	}
	switch {
	case resp.StatusCode == http.StatusOK:
		return resp.Body, nil
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		resp.Body.Close()
		return nil, fmt.Errorf("%s: %s: %w", shown, resp.Status, errNotFound)
	default:
		resp.Body.Close()
		return nil, fmt.Errorf("%s: %s", shown, resp.Status)
	}
}

// namedAs returns err, an error of net/url or net/http, naming its URL
// as shown: they name it with its user (a token, as often as not), and
// its password, if any, as ***.
func namedAs(err error, shown string) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return &url.Error{Op: ue.Op, URL: shown, Err: ue.Err}
	}
	return err
}

// goCommand asks the go command to download arg ("direct" in GOPROXY):
// v is set to its version, or to its directory when v is asked for a
// known version.
func goCommand(ctx context.Context, arg string, v *string) error {
	if _, err := exec.LookPath("go"); err != nil {
		return errors.New(`GOPROXY's "direct" needs the go command, and there is none`)
	}
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", arg)
	cmd.Dir = os.TempDir() // outside any module: the version is explicit
	out, err := cmd.Output()
	var mod struct{ Version, Dir, Error string }
	if jerr := json.Unmarshal(out, &mod); jerr == nil && mod.Error != "" {
		return errors.New(mod.Error)
	}
	if err != nil {
		return errors.Join(err, stderrOf(err))
	}
	if strings.HasSuffix(arg, "@latest") {
		*v = mod.Version
	} else {
		*v = mod.Dir
	}
	return nil
}

// modCache is the go command's module cache: $GOMODCACHE, or pkg/mod of
// goPath; "" if none can be named.
func modCache() string {
	if c := os.Getenv("GOMODCACHE"); c != "" {
		return c
	}
	if gopath := goPath(); gopath != "" {
		return filepath.Join(gopath, "pkg", "mod")
	}
	return ""
}

// goPath is the folder of the go command's GOPATH that holds its module
// cache and its checksum databases' state: the first of $GOPATH, or ~/go;
// "" if none can be named.
func goPath() string {
	if gopath := os.Getenv("GOPATH"); gopath != "" {
		return filepath.SplitList(gopath)[0]
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, "go")
}

func isDir(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}
