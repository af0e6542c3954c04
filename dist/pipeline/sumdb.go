package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/sumdb/note"
	modzip "golang.org/x/mod/zip"
)

// A module's zip downloaded from a proxy is checked against the checksum
// database before it is read, as the go command checks it (go help
// module-auth): its hash (the h1: hash of go.sum) must be the one the
// database $GOSUMDB gives for path@version, in a record the database's
// signed tree holds. The database is asked through the first proxy of
// $GOPROXY that serves it (<proxy>/sumdb/<name>/supported), else at its
// own URL. $GOSUMDB=off, or a module path that $GONOSUMDB (by default
// $GOPRIVATE) matches, leaves the zip unchecked. The zips of the module
// cache's own download folder are not checked again: the go command
// checked them as it wrote them, as it did the trees beside them. What
// the go command keeps on disk of a database, the latest signed tree it
// has seen and the tiles and records that proved it, a process keeps in
// memory (sumFiles): a database that shows two checks of one process two
// logs (a fork) fails the second with a security error, but two
// processes or runs are not compared.

// sumGolangOrg is the verifier key of sum.golang.org, the go command's
// default checksum database.
const sumGolangOrg = "sum.golang.org+033de0ae+Ac4zctda0e5eza+HJyk9SxEdh+s3Ux18htTTAD8OuAn8"

// A sumDB is a checksum database: its verifier key, its name, and the
// URL it is reached at when no proxy serves it.
type sumDB struct {
	key, name, url string
}

// sumDBOf reads $GOSUMDB as the go command does: "off" (nil, no
// database); sum.golang.org (the default, and sum.golang.google.cn, its
// mirror); or a verifier key name+hash+key, followed by the database's
// URL when it is not https://name.
func sumDBOf(env string) (*sumDB, error) {
	switch env = strings.TrimSpace(env); env {
	case "":
		env = "sum.golang.org"
	case "off":
		return nil, nil
	case "sum.golang.google.cn":
		env = "sum.golang.org https://sum.golang.google.cn"
	}
	f := strings.Fields(env)
	if len(f) > 2 {
		return nil, fmt.Errorf("invalid GOSUMDB %q: too many fields", env)
	}
	if f[0] == "sum.golang.org" {
		f[0] = sumGolangOrg
	}
	v, err := note.NewVerifier(f[0])
	if err != nil {
		return nil, fmt.Errorf("invalid GOSUMDB %q: %v", env, err)
	}
	db := &sumDB{key: f[0], name: v.Name(), url: "https://" + v.Name()}
	// The name is a host, as it is a folder of a proxy's URL.
	if u, err := url.Parse(db.url); err != nil || *u != (url.URL{Scheme: "https", Host: db.name}) {
		return nil, fmt.Errorf("invalid GOSUMDB %q: the database's name %q is not a host", env, db.name)
	}
	if len(f) == 2 {
		db.url = strings.TrimSuffix(f[1], "/")
	}
	return db, nil
}

// checkSum checks the zip of m, downloaded from proxies, against the
// checksum database (see above).
func checkSum(ctx context.Context, proxies []proxy, m module.Version, zip string) error {
	db, err := sumDBOf(os.Getenv("GOSUMDB"))
	if err != nil || db == nil {
		return err
	}
	nosumdb := os.Getenv("GONOSUMDB")
	if nosumdb == "" {
		nosumdb = os.Getenv("GOPRIVATE")
	}
	if module.MatchPrefixPatterns(nosumdb, m.Path) {
		return nil
	}
	// Checked before it is hashed, as the go command does: its names, and
	// its sizes, which hashing reads up to.
	cf, err := modzip.CheckZip(m, zip)
	if err == nil {
		err = cf.Err()
	}
	if err != nil {
		return err
	}
	h, err := dirhash.HashZip(zip, dirhash.Hash1)
	if err != nil {
		return err
	}
	ops := &sumOps{ctx: ctx, proxies: proxies, db: db}
	lines, err := sumdb.NewClient(ops).Lookup(m.Path, m.Version)
	if ops.security != "" {
		return fmt.Errorf("verifying module: %s", ops.security)
	}
	if err != nil {
		return fmt.Errorf("verifying module: %s (a private module is not in %s: set GONOSUMDB or GOPRIVATE to its path, or GOSUMDB=off)",
			strings.TrimPrefix(err.Error(), m.String()+": "), db.name)
	}
	prefix := m.Path + " " + m.Version + " "
	for _, line := range lines {
		if line == prefix+h {
			return nil
		}
		if want, ok := strings.CutPrefix(line, prefix+"h1:"); ok {
			return fmt.Errorf("checksum mismatch: the zip hashes to %s, %s says h1:%s", h, db.name, want)
		}
	}
	return fmt.Errorf("verifying module: %s has no hash of its zip", db.name)
}

// sumFiles holds, by database key and file name, the configuration and
// the cache of the checksum databases this process has read: the latest
// signed tree, and the tiles and records checked against it. The cache
// (not the latest tree) is emptied when it reaches maxSumCache bytes.
var sumFiles = struct {
	sync.Mutex
	files map[string][]byte
	bytes int64
}{files: map[string][]byte{}}

const maxSumCache = 64 << 20

// sumOps are the checksum database client's operations for one check:
// the database read through a proxy or at its URL, its key, and
// sumFiles.
type sumOps struct {
	ctx     context.Context
	proxies []proxy
	db      *sumDB

	once    sync.Once
	base    string // where the database is read
	baseErr error

	mu       sync.Mutex
	security string // what SecurityError said
}

// ReadRemote reads path of the database where the first proxy that
// serves it says, as the go command reads it: a proxy's "supported"
// answering "not found", or failing before a "|", passes to the next;
// with none left, or at "direct" or "off", the database's own URL is
// read; another error is the database's.
func (o *sumOps) ReadRemote(path string) ([]byte, error) {
	o.once.Do(func() {
		o.base = o.db.url
		for _, p := range o.proxies {
			if p.direct || p.off {
				break
			}
			body, err := get(o.ctx, p.url+"/sumdb/"+o.db.name+"/supported")
			if err == nil {
				body.Close()
				o.base = p.url + "/sumdb/" + o.db.name
				return
			}
			if !errors.Is(err, errNotFound) && !p.fallThrough {
				o.baseErr = err
				return
			}
		}
	})
	if o.baseErr != nil {
		return nil, o.baseErr
	}
	body, err := get(o.ctx, o.base+path)
	if err != nil {
		return nil, err
	}
	defer body.Close()
	return readAtMost(body, maxInfoBytes, o.base+path)
}

func (o *sumOps) ReadConfig(file string) ([]byte, error) {
	if file == "key" {
		return []byte(o.db.key), nil
	}
	sumFiles.Lock()
	defer sumFiles.Unlock()
	return sumFiles.files[o.db.key+" config "+file], nil
}

func (o *sumOps) WriteConfig(file string, old, new []byte) error {
	sumFiles.Lock()
	defer sumFiles.Unlock()
	if !bytes.Equal(sumFiles.files[o.db.key+" config "+file], old) {
		return sumdb.ErrWriteConflict
	}
	sumFiles.files[o.db.key+" config "+file] = new
	return nil
}

func (o *sumOps) ReadCache(file string) ([]byte, error) {
	sumFiles.Lock()
	defer sumFiles.Unlock()
	if b, ok := sumFiles.files[o.db.key+" cache "+file]; ok {
		return b, nil
	}
	return nil, os.ErrNotExist
}

func (o *sumOps) WriteCache(file string, data []byte) {
	sumFiles.Lock()
	defer sumFiles.Unlock()
	if sumFiles.bytes+int64(len(data)) > maxSumCache {
		for name := range sumFiles.files {
			if strings.Contains(name, " cache ") {
				delete(sumFiles.files, name)
			}
		}
		sumFiles.bytes = 0
	}
	sumFiles.files[o.db.key+" cache "+file] = data
	sumFiles.bytes += int64(len(data))
}

func (o *sumOps) Log(string) {}

// SecurityError keeps msg, the database's misbehaviour, for the module's
// error.
func (o *sumOps) SecurityError(msg string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.security = msg
}
