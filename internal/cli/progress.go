package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/copycat-go/copycat/report"
)

// A progress bar on standard error, for runs long enough to wonder about:
// nothing is drawn during the first second, then at most ten times a
// second. Only on a terminal (term.IsTerminal asks the terminal driver;
// a file mode check would also take /dev/null for one), and never when
// the output is meant for a program (-json, -format) or silenced (-q).
type progress struct {
	w     io.Writer
	now   func() time.Time
	start time.Time

	mu    sync.Mutex
	last  time.Time
	shown bool

	stopped bool // the run was interrupted: draw nothing more
}

const (
	progressDelay = time.Second
	progressEvery = 100 * time.Millisecond
	progressWidth = 24
)

// newProgress returns a progress bar on stderr, or nil when none should
// be drawn.
func (c *Config) newProgress(stderr io.Writer) *progress {
	stderr = unescaped(stderr) // it draws with \r and ESC [K
	if !c.progressWanted() || !isTerminal(stderr) {
		return nil
	}
	return &progress{w: stderr, now: time.Now, start: time.Now()}
}

// progressWanted says whether the flags allow a progress bar.
func (c *Config) progressWanted() bool {
	return !c.Quiet && !c.formatSet && !c.JSON
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// files reports done of total files read; load calls it from its workers.
func (p *progress) files(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	t := p.now()
	elapsed := t.Sub(p.start)
	if elapsed < progressDelay || t.Sub(p.last) < progressEvery && done < total {
		return
	}
	p.last, p.shown = t, true
	fmt.Fprintf(p.w, "\r\x1b[Kcopycat: %s %d/%s", bar(done, total), done, report.Count(total, "file", "files"))
	if secs := elapsed.Seconds(); done > 0 && secs > 0 {
		rate := float64(done) / secs
		eta := time.Duration(float64(total-done) / rate * float64(time.Second))
		fmt.Fprintf(p.w, ", %.0f files/s, ETA %s", rate, eta.Round(time.Second))
	}
}

func bar(done, total int) string {
	n := progressWidth
	if total > 0 {
		n = min(progressWidth, progressWidth*done/total)
	}
	return "[" + strings.Repeat("=", n) + strings.Repeat(" ", progressWidth-n) + "]"
}

// phase names the next step once the bar is on screen.
func (p *progress) phase(what string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	if p.shown || p.now().Sub(p.start) >= progressDelay {
		p.shown = true
		fmt.Fprintf(p.w, "\r\x1b[Kcopycat: %s", what)
	}
}

// clear removes the bar before the report and warnings are printed.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// stop removes the bar for good, when the run is interrupted while
// loading goes on in the background.
func (p *progress) stop() {
	p.clear()
	p.mu.Lock()
	p.stopped = true
	p.mu.Unlock()
}
