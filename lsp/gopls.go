package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// goplsEnv names a gopls to run, for when copycat itself is installed as
// "gopls" and the real one is not on PATH.
const goplsEnv = "COPYCAT_GOPLS"

// IsGoplsName reports whether the program was started under the name
// gopls (argv[0]), as the VS Code Go extension does when
// "go.alternateTools" points "gopls" at a link to copycat.
func IsGoplsName(argv0 string) bool {
	base := strings.TrimSuffix(filepath.Base(argv0), ".exe")
	return base == "gopls"
}

// RunAsGopls runs copycat started under the name gopls: "version",
// "help" and other gopls subcommands run the real gopls unchanged (the
// VS Code Go extension reads "gopls version -json"); serving (no
// subcommand, or "serve") runs the proxy, with args passed on to gopls.
func RunAsGopls(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args []string) error {
	path, err := findGopls(os.Getenv(goplsEnv))
	if err != nil {
		return err
	}
	if sub := subcommand(args); sub != "" && sub != "serve" {
		cmd := exec.CommandContext(ctx, path, args...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s %s: %w", path, sub, err)
		}
		return nil
	}
	cfgArgs := []string{"-proxy", "-gopls", path, "--"}
	return Run(ctx, stdin, stdout, stderr, append(cfgArgs, args...))
}

// subcommand returns the first argument that is neither a flag nor the
// value of one: gopls reads "-logfile /tmp/gopls.log" as the flag and
// its value, as "-logfile=/tmp/gopls.log". A flag asking for help (-h,
// -help) counts as one: gopls prints its usage and serves nothing.
func subcommand(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		}
		if !strings.HasPrefix(a, "-") {
			return a
		}
		name := strings.TrimLeft(a, "-")
		if name == "h" || name == "help" {
			return a
		}
		if !strings.Contains(name, "=") && goplsValueFlags[name] {
			i++ // its value
		}
	}
	return ""
}

// goplsValueFlags are gopls's flags before a subcommand that take a value
// (gopls v0.23.0: its own, serve's, which it takes without the verb, and
// the profiling ones). Any other flag is taken for a boolean one, such
// as -rpc.trace and -v.
var goplsValueFlags = map[string]bool{
	"remote": true, "otel": true,
	"logfile": true, "mode": true, "listen": true, "listen.timeout": true, "debug": true,
	"remote.listen.timeout": true, "remote.debug": true, "remote.logfile": true, "mcp.listen": true,
	"profile.cpu": true, "profile.mem": true, "profile.alloc": true, "profile.trace": true,
}

// findGopls returns the gopls to run: the one named, else the first
// gopls in an absolute folder of PATH that is not this very program.
func findGopls(named string) (string, error) {
	self := selfInfo()
	if named != "" {
		p, err := exec.LookPath(named)
		if err != nil {
			return "", fmt.Errorf("gopls %q: %w", named, err)
		}
		if sameFile(self, p) {
			return "", fmt.Errorf("gopls %q is copycat itself; name the real gopls", named)
		}
		return p, nil
	}
	exe := "gopls"
	if runtime.GOOS == "windows" {
		exe = "gopls.exe"
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if !filepath.IsAbs(dir) {
			// An empty entry, ".", "bin": the folder the editor
			// started copycat in, a repository anyone may have
			// written a bin/gopls into. exec.LookPath refuses what it
			// finds there (the go command's rule since Go 1.19).
			continue
		}
		p := filepath.Join(dir, exe)
		if info, err := os.Stat(p); err != nil || info.IsDir() || info.Mode()&0o111 == 0 && runtime.GOOS != "windows" {
			continue
		}
		if sameFile(self, p) {
			continue // copycat linked as gopls: look further
		}
		return p, nil
	}
	return "", errors.New("no gopls found on PATH (other than copycat itself); install it with `go install golang.org/x/tools/gopls@latest`, or name it with -gopls (" + goplsEnv + " when copycat runs as gopls)")
}

func selfInfo() os.FileInfo {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	info, err := os.Stat(exe)
	if err != nil {
		return nil
	}
	return info
}

// sameFile reports whether p is the running program (following links).
func sameFile(self os.FileInfo, p string) bool {
	if self == nil {
		return false
	}
	info, err := os.Stat(p)
	return err == nil && os.SameFile(self, info)
}
