//go:build unix

package pipeline

import (
	"os"
	"syscall"
)

// noTerminal starts a command in a session of its own, which has no
// controlling terminal: neither it nor what it runs can open /dev/tty.
func noTerminal() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// killSession kills p, started by noTerminal the leader of a session and
// of its process group, with every process of the group.
func killSession(p *os.Process) error { return syscall.Kill(-p.Pid, syscall.SIGKILL) }
