//go:build unix

package pipeline

import "syscall"

// noTerminal starts a command in a session of its own, which has no
// controlling terminal: neither it nor what it runs can open /dev/tty.
func noTerminal() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
