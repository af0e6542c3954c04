package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// copycat makes two kinds of temporary things: the file an -o or
// -baseline file is written through before its rename (.NAME.PID.R.tmp,
// beside it), and the folder history writes each commit's files into
// (copycat-history-PID-R, in the temporary directory). A run ends by
// renaming or removing them, also when it is interrupted; one killed
// outright (SIGKILL, a CI job cancelled, a machine out of memory) leaves
// them, and a history's folder holds a whole tree. A later run removes
// those it can prove are a dead run's: of its own name's shape (with
// the number of the process that made it, which older copycats' names
// lack), its user's, a file or a folder as made (no link), untouched
// for staleAge, made by a process that no longer runs, and not locked:
// the run that makes one holds an advisory lock on it (flock) while it
// uses it, which the system drops when the process ends, however it
// ends. Where locks are not known (other systems than Unix) nothing is
// removed.

// staleAge is how long a temporary thing must have been untouched
// before a later run takes it for a dead run's: the lock and the
// process's number are the proof, the age a margin for a file system
// shared between machines.
var staleAge = time.Minute

// tempName is the name of a temporary file beside base: .base.PID.R.tmp,
// R random, in base 36.
func tempName(base string, r uint32) string {
	return "." + base + "." + strconv.Itoa(os.Getpid()) + "." + strconv.FormatUint(uint64(r), 36) + ".tmp"
}

// tempPID returns the process number in name if name is a temporary
// file of base's, as tempName makes them; ok is false for any other
// name, an older copycat's (.base.R.tmp) among them.
func tempPID(name, base string) (pid int, ok bool) {
	rest, ok := strings.CutPrefix(name, "."+base+".")
	if !ok {
		return 0, false
	}
	rest, ok = strings.CutSuffix(rest, ".tmp")
	p, r, two := strings.Cut(rest, ".")
	if !ok || !two || !isBase36(r) {
		return 0, false
	}
	return positive(p)
}

// historyPrefix begins the names of history's folders.
const historyPrefix = "copycat-history-"

// historyPID returns the process number in name if name is one of
// history's folders (copycat-history-PID-R); ok is false for any other
// name, an older copycat's (copycat-history-R) among them.
var historyPID = PIDNamed(historyPrefix, "")

// PIDNamed returns the function that gives the process number in a name
// prefix+PID+"-"+R+suffix, R decimal, as os.MkdirTemp and os.CreateTemp
// make it of the pattern prefix+PID+"-*"+suffix; ok is false for any
// other name. copycat-dist names its temporary things so.
func PIDNamed(prefix, suffix string) func(name string) (pid int, ok bool) {
	return func(name string) (int, bool) {
		rest, ok := strings.CutPrefix(name, prefix)
		rest, ok2 := strings.CutSuffix(rest, suffix)
		p, r, two := strings.Cut(rest, "-")
		if !ok || !ok2 || !two {
			return 0, false
		}
		if _, ok := positive(r); !ok {
			return 0, false
		}
		return positive(p)
	}
}

// positive parses s, digits alone, as a number above 0.
func positive(s string) (int, bool) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0
}

// isBase36 reports whether s is a number in base 36, as
// strconv.FormatUint writes it.
func isBase36(s string) bool {
	return s != "" && strings.Trim(s, "0123456789abcdefghijklmnopqrstuvwxyz") == ""
}

// RemoveStale removes the entries of folder dir that pid names as a
// temporary thing of a dead run's (see abandoned): files, or folders if
// folders. A folder that cannot be read is left as it is. copycat-dist
// removes with it what its killed runs left.
func RemoveStale(dir string, folders bool, pid func(name string) (int, bool)) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	for {
		// In batches, unsorted: a temporary directory may hold many.
		entries, err := d.ReadDir(1024)
		for _, e := range entries {
			if p, ok := pid(e.Name()); ok && e.IsDir() == folders {
				if path := filepath.Join(dir, e.Name()); abandoned(path, folders, p) {
					os.RemoveAll(path)
				}
			}
		}
		if err != nil {
			return // io.EOF: all read
		}
	}
}
