package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stdlib returns the standard library's source directory and the
// arguments that make a run on it last a few seconds.
func stdlib(t *testing.T, goCmd string) (dir string, args []string) {
	t.Helper()
	out, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "src"), []string{"-min-tokens", "50", "./..."}
}

// TestInterrupted stops runs on the standard library with SIGINT (and one
// with SIGTERM) at moments spread over loading, detection and the commit
// of the index, and checks that each ends with status 130 and says so,
// leaves the -o and -baseline files it would have replaced as they were,
// and leaves an index from which the next run reports exactly what a run
// without one does. It logs the time from the signal to the exit.
func TestInterrupted(t *testing.T) {
	goCmd, bin := builtCopycat(t, "builds copycat and runs it on the standard library a dozen times")
	src, args := stdlib(t, goCmd)
	dir, idx := t.TempDir(), t.TempDir()
	out, base := filepath.Join(dir, "report.json"), filepath.Join(dir, "baseline.json")
	want := runIn(t, bin, src, append([]string{"-cache=off"}, args...)...)
	if !strings.Contains(want.out, "duplicate of") {
		t.Fatalf("no clones in the standard library at -min-tokens 50:\n%s", want.err)
	}
	// Records committed before the interrupted runs, which must stay valid.
	runIn(t, bin, src, "-cache", idx, "-min-tokens", "50", "./strings/...", "./net/...")
	runIn(t, bin, src, append([]string{"-cache=off", "-baseline", base, "-update-baseline"}, args...)...)
	if err := os.WriteFile(out, []byte("the previous report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	var latencies []time.Duration
	const runs = 10
	for i := range runs {
		flags := []string{"-cache", idx, "-o", out, "-baseline", base}
		if i%2 == 1 {
			flags = []string{"-cache", idx, "-baseline", base, "-update-baseline"}
		}
		sig := syscall.SIGINT
		if i == runs-1 {
			sig = syscall.SIGTERM
		}
		// Spread the signals over the run by the CPU time it has used.
		cpu := time.Duration(100+i*300) * time.Millisecond
		r, latency, ok := interruptAfter(t, bin, src, append(flags, args...), cpu, sig)
		if !ok {
			t.Logf("run %d ended before it had used %v of CPU: not interrupted", i, cpu)
			continue
		}
		latencies = append(latencies, latency)
		t.Logf("run %d: %v after %v of CPU: exit %d after %v", i, sig, cpu, r.code, latency)
		if r.code != 130 || !strings.HasSuffix(r.err, "copycat: interrupted\n") {
			t.Errorf("run %d: exit status %d, stderr:\n%s\nwant 130 and copycat: interrupted", i, r.code, r.err)
		}
		if after := snapshot(t, dir); !slices.Equal(after, before) {
			t.Fatalf("run %d changed the output files:\n%q\nwant\n%q", i, after, before)
		}
	}
	if len(latencies) < runs/2 {
		t.Fatalf("only %d of %d runs were interrupted: the signals come too late", len(latencies), runs)
	}
	slices.Sort(latencies)
	t.Logf("signal to exit over %d runs: median %v, max %v", len(latencies), latencies[len(latencies)/2], latencies[len(latencies)-1])
	if got := runIn(t, bin, src, append([]string{"-cache", idx}, args...)...); got != want {
		t.Errorf("the run after the interrupted ones differs from a run without an index:\n%.2000s\nwant\n%.2000s", got.err+got.out, want.err+want.out)
	}
}

// snapshot lists the names and contents of the files in dir, temporary
// files left behind included.
func snapshot(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, e.Name()+"\n"+string(b))
	}
	return files
}

// interruptAfter starts copycat and sends it sig once it has used cpu of
// processor time (or, where that cannot be read, after cpu of wall
// time). It returns the run's result and the time from the signal to its
// end, or ok false if the run ended before the signal.
func interruptAfter(t *testing.T, bin, dir string, args []string, cpu time.Duration, sig syscall.Signal) (r result, latency time.Duration, ok bool) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	if !waitForCPU(cmd.Process.Pid, cpu, done) {
		return result{}, 0, false
	}
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		<-done
		return result{}, 0, false
	}
	<-done
	latency = time.Since(sent)
	code := cmd.ProcessState.ExitCode()
	if code < 0 {
		t.Fatalf("copycat %v: killed by the signal instead of handling it: %v", args, cmd.ProcessState)
	}
	return result{stdout.String(), stderr.String(), code}, latency, true
}

// waitForCPU waits until process pid has used cpu of processor time, and
// reports whether it is still running.
func waitForCPU(pid int, cpu time.Duration, done <-chan struct{}) bool {
	deadline := time.Now().Add(cpu)
	for {
		used, err := cpuTime(pid)
		if err != nil && time.Now().After(deadline) || err == nil && used >= cpu {
			break
		}
		select {
		case <-done:
			return false
		case <-time.After(5 * time.Millisecond):
		}
	}
	select {
	case <-done:
		return false
	default:
		return true
	}
}

// cpuTime reads the user and system time of a process from /proc.
func cpuTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	// The fields after the command name, which is in parentheses:
	// state is the first, utime the 12th and stime the 13th.
	i := bytes.LastIndexByte(b, ')')
	fields := strings.Fields(string(b[i+1:]))
	if i < 0 || len(fields) < 13 {
		return 0, io.ErrUnexpectedEOF
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, io.ErrUnexpectedEOF
	}
	const tick = 10 * time.Millisecond // USER_HZ is 100 on Linux
	return time.Duration(utime+stime) * tick, nil
}

// TestSecondSignalKills checks that the first SIGINT restores the default
// handling: a run that has ended detection and is blocked printing its
// report (to a pipe nobody reads) is let finish by the first signal, and
// killed by the second.
func TestSecondSignalKills(t *testing.T) {
	goCmd, bin := builtCopycat(t, "builds copycat and runs it on the standard library")
	src, args := stdlib(t, goCmd)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// -all, every class printed: a report larger than the pipe's buffer.
	cmd := exec.Command(bin, append([]string{"-cache=off", "-all", "-max-classes=0"}, args...)...)
	cmd.Dir, cmd.Stdout = src, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	// The first bytes of the report: detection has ended, and the rest
	// fills the pipe.
	if _, err := r.Read(make([]byte, 1)); err != nil {
		t.Fatalf("no report: %v", err)
	}
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-done:
		t.Fatalf("the first SIGINT ended the run printing its report: %v", cmd.ProcessState)
	case <-time.After(300 * time.Millisecond):
	}
	cmd.Process.Signal(syscall.SIGINT)
	<-done
	status, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !status.Signaled() || status.Signal() != syscall.SIGINT {
		t.Errorf("after the second SIGINT: %v, want killed by it", cmd.ProcessState)
	}
}
