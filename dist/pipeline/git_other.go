//go:build !unix

package pipeline

import (
	"os"
	"syscall"
)

// noTerminal is nil where a command cannot be started without a
// terminal to open (Windows has no /dev/tty).
func noTerminal() *syscall.SysProcAttr { return nil }

// killSession kills p: there is no session of its own to kill with it.
func killSession(p *os.Process) error { return p.Kill() }
