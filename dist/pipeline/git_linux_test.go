package pipeline

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestGitAsksNothing: a repository whose server asks for credentials
// (401), fetched by a run whose terminal no one answers (a CI job given
// a terminal, a run left unattended), fails at once naming it: git asked
// for a user name on the terminal, and the run waited for ever (the old
// code, killed here after 20 s).
func TestGitAsksNothing(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Basic realm="private"`)
		http.Error(w, "credentials needed", http.StatusUnauthorized)
	}))
	defer srv.Close()
	master, slave := openPTY(t)
	defer master.Close()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	url := srv.URL + "/private.git"
	cmd := exec.Command(self, "-test.run=^$")
	// As from a shell: go test's go command set GIT_TERMINAL_PROMPT=0.
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "GIT_TERMINAL_PROMPT", "GCM_INTERACTIVE", "GIT_ASKPASS", "SSH_ASKPASS":
		default:
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, sumRunEnv+"="+url, "TMPDIR="+t.TempDir(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	var out bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	var shown bytes.Buffer
	go io.Copy(&shown, master) // what the terminal was shown
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // its session's git too
		<-done
		t.Fatalf("the run still waited after 20 s; its terminal was shown %q", shown.String())
	}
	if err == nil || !strings.Contains(out.String(), "cannot fetch "+url) {
		t.Errorf("the run: %v, %s; want an error naming %s", err, out.String(), url)
	}
}

// openPTY opens a pseudo-terminal, its master and its slave.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(m.Fd())
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err == nil {
		err = unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0)
	}
	if err != nil {
		m.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	return m, s
}
