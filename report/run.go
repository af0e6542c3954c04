package report

import (
	"cmp"
	"errors"
	"go/scanner"
	"regexp"
	"strconv"
	"strings"

	"github.com/copycat-go/copycat/internal/version"
)

// What the reports say about the run itself: which copycat wrote them,
// and the problems it met on the way.

// toolVersion is the version of copycat the report names.
func (r *Report) toolVersion() string {
	return cmp.Or(r.ToolVersion, version.Version())
}

// semver matches a Semantic Versioning 2.0 version (semver.org's own
// expression); a Go module version is one with a "v" in front.
var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)` +
	`(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?` +
	`(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

// semanticVersion is a Go module version as Semantic Versioning writes
// it ("v1.2.3" is "1.2.3"), or "" for a version that is not one, such as
// "(devel)".
func semanticVersion(v string) string {
	if s, ok := strings.CutPrefix(v, "v"); ok && semver.MatchString(s) {
		return s
	}
	return ""
}

// A notice is one problem of the run, as the reports for programs carry
// it.
type notice struct {
	Level   string `json:"level"` // "warning" or "error"
	Message string `json:"message"`
	File    string `json:"file,omitempty"` // "" when the message names no file
	Line    int    `json:"line,omitempty"` // 0 when it names no line
}

// notices lists the run's warnings, then its errors, each placed at the
// file and line its message names.
func notices(r *Report) []notice {
	var out []notice
	for _, l := range []struct {
		level string
		errs  []error
	}{{"warning", r.Warnings}, {"error", r.Errors}} {
		for _, err := range l.errs {
			n := notice{Level: l.level, Message: err.Error()}
			n.File, n.Line = where(err)
			out = append(out, n)
		}
	}
	return out
}

// place is the start of a message that names a position: "file:line: "
// or "file:line:col: ", the go vet shape every copycat message has.
var place = regexp.MustCompile(`^(.+?):([1-9][0-9]*)(?::[0-9]+)?: `)

// where finds the file and line an error is about: a go/scanner position,
// else the place its message starts with. A message that starts with
// "name.go: " names a file and no line.
func where(err error) (file string, line int) {
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 && list[0].Pos.Filename != "" {
		return list[0].Pos.Filename, list[0].Pos.Line
	}
	msg := err.Error()
	if m := place.FindStringSubmatch(msg); m != nil {
		n, err := strconv.Atoi(m[2])
		if err == nil {
			return m[1], n
		}
	}
	if name, _, ok := strings.Cut(msg, ": "); ok && strings.HasSuffix(name, ".go") {
		return name, 0
	}
	return "", 0
}
