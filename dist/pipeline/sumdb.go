package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"strings"
	"sync"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
	modzip "golang.org/x/mod/zip"
)

// A module's zip is checked against the checksum database before it is
// read, as the go command checks it (go help module-auth): its hash (the
// h1: hash of go.sum) must be the one the database $GOSUMDB gives for
// path@version, in a record the database's signed tree holds. The
// database is asked through the first proxy of $GOPROXY that serves it
// (<proxy>/sumdb/<name>/supported), else at its own URL. $GOSUMDB=off,
// or a module path that $GONOSUMDB (by default $GOPRIVATE) matches,
// leaves the zip unchecked. So are the zips of the module cache's own
// download folder, and the hash (.ziphash) of a tree the go command
// extracted there, as the go command checks them each time it uses them
// (checkMod): a go command that wrote them under a GONOSUMDB, a
// GOSUMDB=off or a go.sum of its own checked them against nothing this
// run trusts. What
// the go command keeps on disk of a database, the latest signed tree it
// has verified and the tiles and records that proved it, copycat-dist
// keeps in the same files (sumstate.go): a database that shows two
// checks two logs (a fork), of one run or of two, or of a run and the go
// command, fails the second with a security error that names the module
// and the two trees.

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
// checksum database (see above), its state kept where ctx says
// (withSumDBDir), and returns its hash; "" when no database checks m.
func checkSum(ctx context.Context, proxies []proxy, m module.Version, zip string) (string, error) {
	db, err := sumDBFor(m.Path)
	if err != nil || db == nil {
		return "", err
	}
	// Checked before it is hashed, as the go command does: its names, and
	// its sizes, which hashing reads up to.
	cf, err := modzip.CheckZip(m, zip)
	if err == nil {
		err = cf.Err()
	}
	if err != nil {
		return "", err
	}
	h, err := dirhash.HashZip(zip, dirhash.Hash1)
	if err != nil {
		return "", err
	}
	return h, db.check(ctx, proxies, m, "zip", h)
}

// checkGoModSum checks data, the go.mod of m read from proxies, against
// the checksum database, as the go command checks a go.mod it reads (its
// hash is a record's second line, path version/go.mod h1:…).
func checkGoModSum(ctx context.Context, proxies []proxy, m module.Version, data []byte) error {
	db, err := sumDBFor(m.Path)
	if err != nil || db == nil {
		return err
	}
	h, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(data)), nil
	})
	if err != nil {
		return err
	}
	return db.check(ctx, proxies, m, "go.mod", h)
}

// sumDBFor returns the checksum database that vouches for the modules of
// path: $GOSUMDB's, unless it is off or $GONOSUMDB (by default
// $GOPRIVATE) matches path (then nil).
func sumDBFor(path string) (*sumDB, error) {
	db, err := sumDBOf(os.Getenv("GOSUMDB"))
	if err != nil || db == nil {
		return nil, err
	}
	nosumdb := os.Getenv("GONOSUMDB")
	if nosumdb == "" {
		nosumdb = os.Getenv("GOPRIVATE")
	}
	if module.MatchPrefixPatterns(nosumdb, path) {
		return nil, nil
	}
	return db, nil
}

// check checks that h is the hash the database gives of what (the zip,
// or the go.mod) of m.
func (db *sumDB) check(ctx context.Context, proxies []proxy, m module.Version, what, h string) error {
	state, err := sumStateOf(sumDBDirOf(ctx))
	if err != nil {
		return fmt.Errorf("verifying module: %w", err)
	}
	if what == "go.mod" {
		m.Version += "/go.mod" // the record's line of the go.mod
	}
	ops := &sumOps{ctx: ctx, proxies: proxies, db: db, state: state}
	lines, err := sumdb.NewClient(ops).Lookup(m.Path, m.Version)
	if err != nil {
		return ops.failure(m, err)
	}
	prefix := m.Path + " " + m.Version + " "
	for _, line := range lines {
		if line == prefix+h {
			return nil
		}
		if want, ok := strings.CutPrefix(line, prefix+"h1:"); ok {
			return fmt.Errorf("checksum mismatch: the %s hashes to %s, %s says h1:%s", what, h, db.name, want)
		}
	}
	return fmt.Errorf("verifying module: %s has no hash of its %s", db.name, what)
}

// tree returns the tree of msg, a signed tree note, if db's key signed it.
func (db *sumDB) tree(msg []byte) (tlog.Tree, error) {
	v, err := note.NewVerifier(db.key)
	if err != nil {
		return tlog.Tree{}, err
	}
	n, err := note.Open(msg, note.VerifierList(v))
	if err != nil {
		return tlog.Tree{}, err
	}
	return tlog.ParseTree([]byte(n.Text))
}

// sumOps are the checksum database client's operations for one check:
// the database read through a proxy or at its URL, its key, and its
// state (sumstate.go); with what the check saw, for its error.
type sumOps struct {
	ctx     context.Context
	proxies []proxy
	db      *sumDB
	state   sumState

	once    sync.Once
	base    string // where the database is read
	baseErr error

	mu       sync.Mutex
	security string // what SecurityError said
	stateErr error  // why the state could not be read or written
	latest   []byte // the latest tree last read from the state
	latestAt string // its file
	asked    bool   // whether the module's record was asked for
	served   []byte // the signed tree of the lookup's record
	servedAt string // where the record was read
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
	lookup := strings.HasPrefix(path, "/lookup/")
	if lookup {
		o.lookedUp(nil, "")
	}
	body, err := get(o.ctx, o.base+path)
	if err != nil {
		return nil, err
	}
	defer body.Close()
	where := withoutCredentials(o.base + path)
	b, err := readAtMost(body, maxInfoBytes, where)
	if err == nil && lookup {
		o.lookedUp(b, where)
	}
	return b, err
}

// lookedUp notes that the module's record was asked for and keeps the
// signed tree of the record, read at where, if the database's key signed
// it: the database answered for the module, and what fails after is the
// check of its answer.
func (o *sumOps) lookedUp(record []byte, where string) {
	o.mu.Lock()
	o.asked = true
	o.mu.Unlock()
	if _, _, msg, err := tlog.ParseRecord(record); err == nil {
		o.showed(msg, where)
	}
}

// showed keeps msg, read at where, as the tree the database showed, if
// its key signed it.
func (o *sumOps) showed(msg []byte, where string) {
	if _, err := o.db.tree(msg); err == nil {
		o.mu.Lock()
		defer o.mu.Unlock()
		o.served, o.servedAt = msg, where
	}
}

// ReadConfig reads the database's key, or its latest tree from the
// state: none if the file is missing or empty, an error naming the file
// if it holds anything but a tree the key signed.
func (o *sumOps) ReadConfig(file string) ([]byte, error) {
	if file == "key" {
		return []byte(o.db.key), nil
	}
	name, err := stateFile(o.state.config, file)
	if err != nil {
		return nil, o.failState(err)
	}
	o.mu.Lock()
	o.latestAt = name
	o.mu.Unlock()
	b, err := readLocked(name)
	if errors.Is(err, fs.ErrNotExist) {
		b, err = nil, nil
	}
	if err == nil && len(b) > 0 {
		if _, terr := o.db.tree(b); terr != nil {
			err = fmt.Errorf("%s holds no tree that %s signed (%v): the latest tree verified is kept there; remove it, and the next tree the database shows is trusted", name, o.db.name, terr)
		}
	}
	if err != nil {
		return nil, o.failState(err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.latest = b
	return b, nil
}

// WriteConfig replaces the latest tree of the state, old, by new.
func (o *sumOps) WriteConfig(file string, old, new []byte) error {
	name, err := stateFile(o.state.config, file)
	if err == nil {
		err = replaceLocked(name, old, new)
	}
	if err != nil && err != sumdb.ErrWriteConflict {
		return o.failState(err)
	}
	return err
}

// failState keeps err, a failure to read or write the state, for the
// check's error.
func (o *sumOps) failState(err error) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.stateErr = err
	return err
}

// ReadCache reads a tile or a lookup record of the state's cache: an
// empty file is a missing one, as for the go command, whose writer makes
// the file before it locks it.
func (o *sumOps) ReadCache(file string) ([]byte, error) {
	name, err := stateFile(o.state.cache, file)
	if err != nil {
		return nil, err
	}
	b, err := readLocked(name)
	if err == nil && len(b) == 0 {
		err = &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	if err == nil && strings.HasPrefix(file, o.db.name+"/lookup/") {
		o.lookedUp(b, name)
	}
	return b, err
}

// WriteCache writes a tile or a lookup record, which the client has
// verified, to the state's cache; a failure leaves it unwritten.
func (o *sumOps) WriteCache(file string, data []byte) {
	if name, err := stateFile(o.state.cache, file); err == nil {
		writeReplacing(name, data)
	}
}

func (o *sumOps) Log(string) {}

// SecurityError keeps msg, the database's misbehaviour, for the module's
// error.
func (o *sumOps) SecurityError(msg string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.security = msg
}

// failure says why the check of m failed with err: the database showed a
// tree inconsistent with the one remembered (a fork), the state could not
// be read or written, the tree remembered could not be checked against
// the database's (which must serve the tiles that prove it), the
// database's answer for m could not be checked against the tree
// remembered, or the database gave no answer for m (then with a hint for
// private modules).
func (o *sumOps) failure(m module.Version, err error) error {
	o.mu.Lock()
	remembered := !o.asked && len(o.latest) > 0 && o.stateErr == nil && o.security == ""
	o.mu.Unlock()
	if remembered {
		// The tree remembered could not be checked, before the module
		// was asked for: name the database's latest beside it.
		if b, err := o.ReadRemote("/latest"); err == nil {
			o.showed(b, withoutCredentials(o.base+"/latest"))
		}
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	msg := strings.TrimPrefix(err.Error(), m.String()+": ")
	switch {
	case o.security != "":
		detail := strings.TrimPrefix(o.security, "SECURITY ERROR\n")
		return fmt.Errorf("verifying module: SECURITY ERROR: the checksum database has shown two different logs: %s\n%s", o.trees("is inconsistent with"), detail)
	case o.stateErr != nil:
		return fmt.Errorf("verifying module: %w", o.stateErr)
	case o.served != nil || remembered:
		return fmt.Errorf("verifying module: %s (%s)", msg, o.trees("checked against"))
	}
	return fmt.Errorf("verifying module: %s (a private module is not in %s: set GONOSUMDB or GOPRIVATE to its path, or GOSUMDB=off)", msg, o.db.name)
}

// trees names the tree of the lookup's record and the one remembered,
// joined by verb: "sum.golang.org's tree of size 3 read at URL is
// inconsistent with its tree of size 2 remembered in FILE".
func (o *sumOps) trees(verb string) string {
	size := func(msg []byte) int64 {
		t, _ := o.db.tree(msg)
		return t.N
	}
	served := "what " + o.db.name + " serves"
	if o.served != nil {
		served = fmt.Sprintf("%s's tree of size %d read at %s", o.db.name, size(o.served), o.servedAt)
	}
	latest := "no tree remembered in " + o.latestAt
	if len(o.latest) > 0 {
		latest = fmt.Sprintf("its tree of size %d remembered in %s", size(o.latest), o.latestAt)
	}
	return served + " " + verb + " " + latest
}
