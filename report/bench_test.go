//go:build unix

package report

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// The printers' cost on the standard library, next to the cost of the run
// that found the clones. Set COPYCAT_BENCH_GOROOT=1 to run them:
//
//	COPYCAT_BENCH_GOROOT=1 go test -run '^$' -bench Printers -benchtime 5x ./report

var goroot struct {
	once sync.Once
	rep  *Report
	run  time.Duration // loading and detection, with the defaults of the command
	cpu  time.Duration // the CPU time they took
}

// cpuTime is the CPU time the process has used, in user and system mode:
// unlike the wall clock, it hardly changes when other programs share the
// machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func gorootReport(b *testing.B) *Report {
	if os.Getenv("COPYCAT_BENCH_GOROOT") == "" {
		b.Skip("set COPYCAT_BENCH_GOROOT=1 to measure on the standard library")
	}
	goroot.once.Do(func() {
		start, cpu := time.Now(), cpuTime()
		res := load.Load([]string{filepath.Join(runtime.GOROOT(), "src") + "/..."}, load.Options{Tests: true, MinTokens: 100})
		classes := fingerprint.Detect(res.Files, fingerprint.Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85})
		goroot.rep = New(res.Files, classes)
		goroot.run, goroot.cpu = time.Since(start), cpuTime()-cpu
	})
	return goroot.rep
}

func BenchmarkPrinters(b *testing.B) {
	printers := []struct {
		name  string
		print func(io.Writer, *Report) error
	}{
		{"text", Text},
		{"json", JSON},
		{"sarif", SARIF},
		{"html", func(w io.Writer, r *Report) error { return HTML(w, r, HTMLOptions{ReadFile: os.ReadFile}) }},
	}
	for _, p := range printers {
		b.Run(p.name, func(b *testing.B) {
			rep := gorootReport(b)
			cpu := cpuTime()
			for b.Loop() {
				if err := p.print(io.Discard, rep); err != nil {
					b.Fatal(err)
				}
			}
			cpu = (cpuTime() - cpu) / time.Duration(b.N)
			perOp := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(100*float64(perOp)/float64(goroot.run), "%run-wall")
			b.ReportMetric(100*float64(cpu)/float64(goroot.cpu), "%run-cpu")
			b.ReportMetric(goroot.run.Seconds(), "run-s")
			b.ReportMetric(goroot.cpu.Seconds(), "run-cpu-s")
		})
	}
}
