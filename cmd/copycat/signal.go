package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/copycat-go/copycat/internal/cli"
)

// runCLI runs the command line, stopped by SIGINT or SIGTERM: the run
// says it was interrupted and ends with status 130 (see cli.RunContext).
// The first signal restores the default handling, so that a second one
// kills the process at once.
func runCLI(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop)
	return cli.RunContext(ctx, args, os.Stdout, os.Stderr)
}
