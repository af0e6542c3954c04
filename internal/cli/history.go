package cli

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/words"
	"github.com/copycat-go/copycat/report"
)

const historyUsage = `usage: copycat history [flags] [rev]

copycat history walks the first-parent history of rev (HEAD by default),
oldest commit first, and runs copycat over each commit's tree, written
from git's objects into a temporary folder (no checkout, no worktree):
duplicated lines and their share of all lines, the listed classes, the
classes new since the commit before (by class ID: a class the commit
edited is new), and the drifted ones, as CSV, JSON or an HTML page with
a plot. Each commit is one more run over the index:
only the files it changed are written and read. The folder it runs in,
within the repository, is the tree it reads at each commit; in a bare
repository, or a .git folder, the whole tree.

Flags:
`

// runHistory runs "copycat history".
func runHistory(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var c Config
	fs := flag.NewFlagSet("copycat history", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	c.Flags(fs)
	c.FileFlags(fs)
	c.cacheFlag(fs)
	c.spillFlag(fs)
	maxCommits := fs.Int("max-commits", 100, "read at most this many commits, the newest")
	since := fs.String("since", "", "read only the commits since this `date` (as git log --since takes it)")
	format := fs.String("format", "csv", "csv, json or html; with -o, by default the one its extension names")
	out := fs.String("o", "", "write to `file` instead of standard output")
	rest, err := parseInterspersed(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stderr, historyUsage)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return ExitClean
	case err != nil:
		// One line, as the report's flags say theirs: the slips
		// parseInterspersed finds itself (an unknown flag, -near false)
		// were said nowhere, and the run ended with status 2 in silence.
		fmt.Fprintf(stderr, "copycat history: %v\nrun 'copycat history -h' for usage\n", words.FlagError(fs, err))
		return ExitError
	}
	if err := applyProject(fs, stderr); err != nil {
		fmt.Fprintf(stderr, "copycat history: %v\n", err)
		return ExitError
	}
	*out = standardOutput(*out)
	rev := "HEAD"
	switch len(rest) {
	case 0:
	case 1:
		rev = rest[0]
	default:
		fmt.Fprintf(stderr, "copycat history: one revision, not %q\n", rest)
		return ExitError
	}
	formatSet := false
	fs.Visit(func(f *flag.Flag) { formatSet = formatSet || f.Name == "format" })
	var write func(io.Writer, []report.HistoryPoint) error
	switch {
	case isPattern(rev):
		err = fmt.Errorf("%s is a package pattern; history takes a revision (HEAD by default) and reads the folder it runs in: cd there and run copycat history", rev)
	case historyWriters[*format] == nil:
		err = fmt.Errorf("-format must be csv, json or html, not %q%s", *format, words.DidYouMean(*format, []string{"csv", "json", "html"}))
	case *maxCommits < 1:
		err = fmt.Errorf("-max-commits must be at least 1, not %d", *maxCommits)
	default:
		*format, err = historyFileFormat(*out, *format, formatSet)
		write = historyWriters[*format]
		err = cmp.Or(err, RefuseGoFile("o", *out, "the history"), c.Check())
		if err == nil {
			err = c.checkFile(*out)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "copycat history: %v\n", err)
		return ExitError
	}
	points, err := c.history(ctx, rev, *since, *maxCommits, stderr)
	if errors.Is(err, errInterrupted) || err != nil && ctx.Err() != nil {
		// An error of a git stopped by the interrupt (see
		// change.OpenObjectsContext), or the interrupt.
		return interrupted(stderr)
	}
	if err != nil {
		// Escaped as the main command's errors are: it may name a
		// file of a commit (a disk that fills up), whose name is
		// whoever made the commit's.
		fmt.Fprintf(stderr, "copycat history: %s\n", report.OneLine(err.Error()))
		return ExitError
	}
	switch {
	case len(points) > 0:
	case *since != "":
		// A date after the last commit, or one git's loose reading of
		// dates puts there, which git log does in silence.
		fmt.Fprintf(stderr, "copycat history: no commit of %s's first-parent history is since %q, as git log --since reads it\n", rev, *since)
	default:
		// A range of none (HEAD..): a tree or a blob is an error.
		fmt.Fprintf(stderr, "copycat history: %s holds no commit\n", rev)
	}
	if *out == "" {
		err = write(stdout, points)
	} else {
		err = c.writeOutput(*out, func(w io.Writer) error { return write(w, points) })
	}
	if errors.Is(err, errInterrupted) {
		return interrupted(stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "copycat history: %v\n", err)
		return ExitError
	}
	if *out != "" && !c.Quiet {
		fmt.Fprintf(stderr, "copycat history: wrote %s to %s (%s)\n", *format, *out, report.Count(len(points), "commit", "commits"))
	}
	return ExitClean
}

// history runs detection over each commit of rev's first-parent history
// in a worktree made for it, and removed after.
func (c *Config) history(ctx context.Context, rev, since string, max int, stderr io.Writer) ([]report.HistoryPoint, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	repo, rel, err := change.OpenObjectsContext(ctx, wd)
	if err != nil {
		return nil, err
	}
	commits, err := repo.FirstParents(rev, since, max)
	if err != nil {
		return nil, err
	}
	if len(commits) == 0 {
		return nil, nil
	}
	if len(commits) < max && repo.CutShort(commits[0].Hash) {
		// A CI checkout of depth 1 plotted one commit, and said nothing
		// of the others.
		fmt.Fprintf(stderr, "copycat history: warning: the clone is shallow: its history stops at %.12s, %s of the %d asked for (git fetch --deepen=%d, or git fetch --unshallow; with actions/checkout, fetch-depth: 0)\n",
			commits[0].Hash, report.Count(len(commits), "commit", "commits"), max, max-len(commits))
	}
	tmp, err := historyFolder()
	if err != nil {
		return nil, err
	}
	defer tmp.Close()
	defer os.RemoveAll(tmp.Name())
	tree, err := repo.NewTree(tmp.Name(), commits[0].Hash, c.fileLimit())
	if err != nil {
		return nil, err
	}
	defer func() {
		tree.Close()
		if n := len(tree.Missing); n > 0 {
			fmt.Fprintf(stderr, "copycat history: warning: %s not in git's objects, left out (a partial clone?)\n", report.Count(n, "file", "files"))
		}
		if n := len(tree.TooLarge); n > 0 {
			fmt.Fprintf(stderr, "copycat history: warning: %s larger than -max-file-size (%d bytes) (such as %q), left out unread\n",
				report.Count(n, "file", "files"), c.fileLimit(), tree.TooLarge[0])
		}
		if n := len(tree.Links); n > 0 {
			fmt.Fprintf(stderr, "copycat history: warning: %s held as symbolic links (such as %q), left out: history writes files from git's objects and follows no link\n",
				report.Count(n, "file", "files"), tree.Links[0])
		}
		if n := len(tree.Unwritable); n > 0 {
			fmt.Fprintf(stderr, "copycat history: warning: %s whose path this system refuses as a file's (such as %q: too long, not in its encoding, or under a file of the tree), left out\n",
				report.Count(n, "file", "files"), tree.Unwritable[0])
		}
		if n := len(tree.Refused); n > 0 {
			fmt.Fprintf(stderr, "copycat history: warning: %s of a path with an element \"..\", \".\" or \"\" (such as %q), which git does not check out, left out\n",
				report.Count(n, "file", "files"), tree.Refused[0])
		}
	}()
	c.done = ctx.Done()
	dir := filepath.Join(tmp.Name(), filepath.FromSlash(rel))
	var points []report.HistoryPoint
	before := map[string]bool{}
	t0, read := time.Now(), 0
	for i, cm := range commits {
		if ctx.Err() != nil {
			return nil, errInterrupted
		}
		if i > 0 {
			if err := tree.Move(cm.Hash); err != nil {
				return nil, err
			}
		}
		p, now, n := c.historyPoint(dir, cm, before)
		if ctx.Err() != nil {
			return nil, errInterrupted
		}
		points, before, read = append(points, p), now, read+n
		fmt.Fprintf(stderr, "copycat history: %d/%d %.12s %s, %.2f%% duplicated\n", i+1, len(commits), cm.Hash,
			report.Count(p.Classes, "class", "classes"), p.DuplicatedPct)
	}
	took := time.Since(t0)
	others := " (the others known unchanged by the index)"
	if c.Cache == cache.Off {
		others = "" // every file of every commit (it said the index knew the others)
	}
	fmt.Fprintf(stderr, "copycat history: %s in %v, %v a commit; %s read%s\n",
		report.Count(len(commits), "commit", "commits"), took.Round(time.Millisecond),
		(took / time.Duration(len(commits))).Round(time.Millisecond), report.Count(read, "file", "files"), others)
	return points, nil
}

// historyFolder makes the folder history writes each commit's files
// into, in the temporary directory, and holds it open and locked while
// the history runs (see RemoveStale); a history killed before it removed
// its folder left it, a tree of the repository's files, to the next one.
func historyFolder() (*os.File, error) {
	RemoveStale(os.TempDir(), true, historyPID)
	name, err := os.MkdirTemp("", historyPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		os.RemoveAll(name)
		return nil, err
	}
	LockOwn(f)
	return f, nil
}

// historyPoint runs detection over the tree in dir at commit cm; before
// holds the IDs of the classes listed at the commit before. It returns
// the point, the IDs listed now and the number of files read.
func (c *Config) historyPoint(dir string, cm change.Commit, before map[string]bool) (report.HistoryPoint, map[string]bool, int) {
	p := report.HistoryPoint{Commit: cm.Hash, Date: cm.Date, Subject: cm.Subject}
	if _, err := os.Stat(dir); err != nil {
		return p, nil, 0 // the folder did not exist yet
	}
	res, classes := c.detect(c.done, []string{filepath.Join(dir, "...")}, nil)
	report.Rank(classes, report.LoadedFacts(res.Files, report.ReadFacts(c.rereader(res.Files))), report.SortPosition)
	listed, _ := report.Split(classes)
	s := fingerprint.Summarise(res.Files, listed)
	p.Files, p.Lines, p.DuplicatedLines = s.Files, s.Lines, s.DuplicatedLines
	p.DuplicatedPct = math.Round(report.Percent(s)*100) / 100
	now := map[string]bool{}
	for _, cl := range listed {
		now[cl.ID] = true
		p.Classes++
		if !before[cl.ID] {
			p.NewClasses++
		}
		if cl.Divergent {
			p.Drifted++
		}
	}
	return p, now, res.FilesRead
}

// historyWriters write history's formats.
var historyWriters = map[string]func(io.Writer, []report.HistoryPoint) error{
	"csv": report.HistoryCSV, "json": report.HistoryJSON, "html": report.HistoryHTML,
}

// isPattern reports whether a history argument is a package pattern
// (./..., dir/...), the main command's argument, rather than a revision:
// git reads "..." as a range, and said "bad revision './...'".
func isPattern(arg string) bool {
	return arg == "..." || strings.HasSuffix(arg, "/...")
}

// historyFileFormat is the format of history's -o file (none: standard
// output): the one its extension names (.csv, .json, .html, .htm) unless
// -format chose one, and then the two must agree, so that -o plot.html
// does not write CSV into a page. An extension of one of the main
// command's other formats (.md, .sarif) is an error; other names get the
// format given.
func historyFileFormat(name, format string, formatSet bool) (string, error) {
	lower := strings.ToLower(name)
	ext := ""
	switch {
	case strings.HasSuffix(lower, ".csv"):
		ext = "csv"
	case strings.HasSuffix(lower, ".json"):
		ext = "json"
	case strings.HasSuffix(lower, ".html"), strings.HasSuffix(lower, ".htm"):
		ext = "html"
	case strings.HasSuffix(lower, ".md"), strings.HasSuffix(lower, ".markdown"), strings.HasSuffix(lower, ".sarif"):
		// The main command's formats, which history has not: CSV went
		// into h.md.
		return "", fmt.Errorf("-o %s: history writes csv, json or html, not %s", name, strings.TrimPrefix(path.Ext(lower), "."))
	}
	switch {
	case ext == "", ext == format:
		return format, nil
	case !formatSet:
		return ext, nil
	}
	return "", fmt.Errorf("-format %s and -o %s disagree: the extension says %s (leave out -format %s, or name the file *.%s)", format, name, ext, format, format)
}
