package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// A module given as path@latest is pinned to the version the go command
// resolves latest to (go help modules, "Version queries"; cmd/go's
// modload.queryProxy), so that the report names the version read and
// every worker reads that one. Of the first proxy of $GOPROXY that has a
// version list for path (@v/list):
//
//   - its versions, less pseudo-versions, and less those its author
//     retracted: the highest release, else the highest pre-release;
//   - when none is left, its @latest, unless retracted (a module with
//     pseudo-versions only, which a list does not name); a proxy without
//     @latest answers with the newest version of its list that has a time
//     (a pseudo-version's, or the time the list gives it).
//
// The retractions are those of the go.mod of the version latest resolves
// to when none is left out: the highest of the list, else @latest.

// A versionList is what a proxy lists of a module's versions: its lines,
// and of them the versions latest may pin, sorted.
type versionList struct {
	lines  []string
	tagged []string
}

// listVersions reads the version list of module path (esc, escaped) at
// proxy p. A version that is a pseudo-version, or is not one the module's
// path can have in its canonical form, is not one latest may pin.
func listVersions(ctx context.Context, p proxy, path, esc string) (versionList, error) {
	body, err := get(ctx, p.url+"/"+esc+"/@v/list")
	if err != nil {
		return versionList{}, err
	}
	defer body.Close()
	b, err := readAtMost(body, maxInfoBytes, "its @v/list")
	if err != nil {
		return versionList{}, fmt.Errorf("%s: %w", p, err)
	}
	l := versionList{lines: strings.Split(string(b), "\n")}
	for _, line := range l.lines {
		f := strings.Fields(line)
		if len(f) > 0 && pinnable(path, f[0]) && !module.IsPseudoVersion(f[0]) {
			l.tagged = append(l.tagged, f[0])
		}
	}
	semver.Sort(l.tagged)
	l.tagged = slices.Compact(l.tagged)
	return l, nil
}

// pinnable reports whether v is a version of module path that a report
// may name: valid, canonical (+incompatible kept), and of the path's
// major version.
func pinnable(path, v string) bool {
	return semver.IsValid(v) && module.CanonicalVersion(v) == v && module.Check(path, v) == nil
}

// latest returns the version path@latest resolves to (see above).
func latest(ctx context.Context, proxies []proxy, path string) (string, error) {
	esc, err := module.EscapePath(path)
	if err != nil {
		return "", err
	}
	var v string
	err = ask(ctx, proxies, func(p proxy) error {
		if p.direct {
			return goCommand(ctx, path+"@latest", &v)
		}
		q := &latestQuery{ctx: ctx, proxies: proxies, p: p, path: path, esc: esc}
		l, err := listVersions(ctx, p, path, esc)
		if err != nil {
			return err
		}
		top, err := q.pick(l, func(string) bool { return true })
		if err != nil {
			return err
		}
		retracted, err := q.retractions(top)
		if err != nil {
			return err
		}
		v, err = q.pick(l, func(x string) bool {
			return !slices.ContainsFunc(retracted, func(r *modfile.Retract) bool {
				return semver.Compare(r.Low, x) <= 0 && semver.Compare(x, r.High) <= 0
			})
		})
		return err
	})
	return v, err
}

// A latestQuery resolves latest at proxy p, one of proxies; it asks for
// @latest, and whether a version has a go.mod, once.
type latestQuery struct {
	ctx       context.Context
	proxies   []proxy
	p         proxy
	path, esc string

	asked  bool
	info   string // @latest's version
	err    error
	gomods map[string]bool
}

// pick returns the highest release of l that allowed accepts, else its
// highest pre-release, else the proxy's latest if allowed accepts it.
// As the go command (modload's filterVersions), a version ending in
// +incompatible, a major version from 2 up of a module from before
// modules, is left out, and those after it, when the highest compatible
// version allowed below it has a go.mod of its own: its author then
// versions the module with modules' rules (golang.org/issue/34165).
func (q *latestQuery) pick(l versionList, allowed func(string) bool) (string, error) {
	var kept []string
	last, withIncompatible := "", false
	for _, v := range l.tagged {
		if !allowed(v) {
			continue
		}
		if !withIncompatible {
			if !strings.HasSuffix(v, "+incompatible") {
				last = v
			} else if last != "" {
				has, err := q.hasGoMod(last)
				if err != nil {
					return "", err
				}
				if has {
					break // the rest are +incompatible too
				}
				withIncompatible = true
			}
		}
		kept = append(kept, v)
	}
	if v := highest(kept); v != "" {
		return v, nil
	}
	if !q.asked {
		q.asked = true
		q.info, q.err = q.latestInfo(l)
	}
	switch {
	case q.err != nil && len(l.tagged) > 0, q.err == nil && !allowed(q.info):
		// As the go command: "no matching versions for query latest".
		return "", fmt.Errorf("%s: every version of %s is retracted by its author (name one as path@version to read it)", q.p, q.path)
	case q.err != nil:
		return "", q.err
	}
	return q.info, nil
}

// latestInfo returns the version the proxy's @latest gives, or, if it
// has none, the newest of l that has a time.
func (q *latestQuery) latestInfo(l versionList) (string, error) {
	body, err := get(q.ctx, q.p.url+"/"+q.esc+"/@latest")
	if errors.Is(err, errNotFound) {
		if v := newest(q.path, l.lines); v != "" {
			return v, nil
		}
		return "", fmt.Errorf("%s: no version of %s: its version list names none, and it has no @latest", q.p, q.path)
	}
	if err != nil {
		return "", err
	}
	defer body.Close()
	b, err := readAtMost(body, maxInfoBytes, "its @latest")
	var info struct{ Version string }
	if err == nil {
		err = json.Unmarshal(b, &info)
	}
	if err == nil && !pinnable(q.path, info.Version) {
		err = fmt.Errorf("its @latest names version %q, not one of %s", info.Version, q.path)
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", q.p, err)
	}
	return info.Version, nil
}

// newest returns the version of a version list's lines with the latest
// time: the time a line gives after its version (RFC 3339), or a
// pseudo-version's; "" if no line has one.
func newest(path string, lines []string) string {
	var best string
	var bestTime time.Time
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 || !pinnable(path, f[0]) {
			continue
		}
		var t time.Time
		if len(f) >= 2 {
			t, _ = time.Parse(time.RFC3339, f[1])
		} else if module.IsPseudoVersion(f[0]) {
			t, _ = module.PseudoVersionTime(f[0])
		}
		if bestTime.Before(t) {
			best, bestTime = f[0], t
		}
	}
	return best
}

// retractions returns the versions the go.mod of version v retracts:
// none if it cannot be read or parsed.
func (q *latestQuery) retractions(v string) ([]*modfile.Retract, error) {
	b, err := q.goMod(v, "read for its retractions")
	if b == nil || err != nil {
		return nil, err
	}
	f, err := modfile.ParseLax("go.mod", b, nil)
	if err != nil {
		return nil, nil
	}
	return f.Retract, nil
}

// hasGoMod reports whether version v has a go.mod of its own, not the
// one a proxy makes up for a version without one ("module path"), as
// the go command asks it (modload's versionHasGoMod); one that cannot be
// read is none.
func (q *latestQuery) hasGoMod(v string) (bool, error) {
	if has, ok := q.gomods[v]; ok {
		return has, nil
	}
	b, err := q.goMod(v, "read for whether it has one")
	if err != nil {
		return false, err
	}
	has := b != nil && string(b) != "module "+modfile.AutoQuote(q.path)+"\n"
	if q.gomods == nil {
		q.gomods = map[string]bool{}
	}
	q.gomods[v] = has
	return has, nil
}

// goMod returns the go.mod of version v, as the go command reads one
// (modfetch's GoMod): from the module cache's downloads first, else
// from the first proxy of GOPROXY that has it, whichever proxy gave the
// version list; nil if none has it or it cannot be read. Wherever it
// comes from, it is checked against the checksum database, as the go
// command checks a go.mod before it reads it, one of its cache too
// (checkGoMod), and the next source asked after one the database does
// not vouch for, if the list allows it: a proxy may serve any go.mod,
// one that retracts the versions a run should read, and the module
// cache holds what any go command wrote there, under a GONOSUMDB or a
// GOSUMDB=off of its own. The error then names why it was read (why).
func (q *latestQuery) goMod(v, why string) ([]byte, error) {
	m := module.Version{Path: q.path, Version: v}
	ev, err := module.EscapeVersion(v)
	if err != nil {
		return nil, nil
	}
	var b []byte
	err = ask(q.ctx, q.proxies, func(p proxy) error {
		if p.direct {
			return errNotFound // the go command's, which may not be there
		}
		body, err := get(q.ctx, p.url+"/"+q.esc+"/@v/"+ev+".mod")
		if err != nil {
			return err
		}
		defer body.Close()
		if b, err = readAtMost(body, maxInfoBytes, "its go.mod"); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if err := checkGoModSum(q.ctx, q.proxies, m, b); err != nil {
			return &unverified{fmt.Errorf("the go.mod of %s, %s: %w", m, why, err)}
		}
		return nil
	})
	if u := (*unverified)(nil); errors.As(err, &u) {
		return nil, u.err
	}
	if err != nil {
		return nil, nil
	}
	return b, nil
}

// unverified is an error of the check of what a proxy served against
// the checksum database.
type unverified struct{ err error }

func (u *unverified) Error() string { return u.err.Error() }
func (u *unverified) Unwrap() error { return u.err }

// highest returns the highest release of versions, or the highest
// pre-release if none is a release; "" if none is valid.
func highest(versions []string) string {
	best, bestPre := "", ""
	for _, v := range versions {
		switch {
		case !semver.IsValid(v):
		case semver.Prerelease(v) == "":
			if best == "" || semver.Compare(v, best) > 0 {
				best = v
			}
		case bestPre == "" || semver.Compare(v, bestPre) > 0:
			bestPre = v
		}
	}
	if best != "" {
		return best
	}
	return bestPre
}
