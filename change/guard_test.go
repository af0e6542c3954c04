package change

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// marker writes a script that appends its name and arguments to ran and,
// if then is not empty, runs it as a shell command with the script's
// arguments ("$@").
func marker(t *testing.T, ran, name, then string) string {
	t.Helper()
	script := filepath.Join(t.TempDir(), name)
	body := "#!/bin/sh\necho \"" + name + " $*\" >> '" + ran + "'\n" + then + "\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// fetchLazily asks of a partial clone what history and -new-from-rev
// ask, each of which makes git fetch HEAD~1's b.go from the remote: the
// error of the first that failed.
func fetchLazily(t *testing.T, clone, step string) error {
	t.Helper()
	repo, base, err := OpenAt(clone, "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	switch step {
	case "history":
		tree, err := repo.NewTree(t.TempDir(), base, 0)
		if err != nil {
			return err
		}
		tree.Close()
		if len(tree.Missing) > 0 {
			t.Errorf("history: %q missing", tree.Missing)
		}
		return nil
	default:
		_, _, _, err = repo.diffAll(base)
		return err
	}
}

// noEnv unsets the variables named for the test.
func noEnv(t *testing.T, names ...string) {
	for _, name := range names {
		t.Setenv(name, "")
		os.Unsetenv(name)
	}
}

// A partial clone's git fetches a blob it lacks from the remote its
// configuration names, and runs on the way the programs that
// configuration names for the transport: a repository copied whole,
// with its .git/config, had git run them for copycat history and
// -new-from-rev, over the transports copycat lets git use. None runs
// now; the user's own settings (here GIT_SSH and a global credential
// helper) are used in their place, and the blob is fetched where the
// transport can.
func TestGitRunsNoFetchProgram(t *testing.T) {
	global := filepath.Join(t.TempDir(), "gitconfig")
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	t.Setenv("GIT_TERMINAL_PROMPT", "0")
	noEnv(t, "GIT_ALLOW_PROTOCOL", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND")
	// A server that asks every request for credentials.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Basic realm="x"`)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()
	// An ssh that runs its last argument here, as sshd would there.
	local := `while [ $# -gt 1 ]; do shift; done; exec sh -c "$1"`

	cases := []struct {
		name    string
		fetches bool // the blob is fetched, through the user's own settings where the case gives them
		user    string
		set     func(t *testing.T, bare, ran string)
	}{
		{"remote.origin.uploadpack over file://", false, "", func(t *testing.T, bare, ran string) {
			testtool.Git(t, "config", "remote.origin.uploadpack", marker(t, ran, "uploadpack", "")+"; git-upload-pack")
		}},
		{"remote.origin.uploadpack over ssh://", false, "", func(t *testing.T, bare, ran string) {
			t.Setenv("GIT_SSH", marker(t, ran+".user", "user-ssh", local))
			testtool.Git(t, "config", "remote.origin.url", "ssh://localhost"+bare)
			testtool.Git(t, "config", "remote.origin.uploadpack", marker(t, ran, "uploadpack", "")+"; git-upload-pack")
		}},
		{"core.sshCommand over ssh://", true, "user-ssh", func(t *testing.T, bare, ran string) {
			t.Setenv("GIT_SSH", marker(t, ran+".user", "user-ssh", local))
			testtool.Git(t, "config", "remote.origin.url", "ssh://localhost"+bare)
			testtool.Git(t, "config", "core.sshCommand", marker(t, ran, "sshcommand", local))
		}},
		{"core.gitProxy over git://", false, "", func(t *testing.T, bare, ran string) {
			testtool.Git(t, "config", "remote.origin.url", "git://localhost.invalid/b.git")
			testtool.Git(t, "config", "core.gitProxy", marker(t, ran, "gitproxy", ""))
		}},
		{"credential.helper and core.askPass over http://", false, "user-helper", func(t *testing.T, bare, ran string) {
			testtool.Git(t, "config", "--global", "credential.helper", marker(t, ran+".user", "user-helper", ""))
			testtool.Git(t, "config", "remote.origin.url", srv.URL+"/b.git")
			testtool.Git(t, "config", "--add", "credential.helper", marker(t, ran, "helper", ""))
			testtool.Git(t, "config", "credential."+srv.URL+".helper", marker(t, ran, "url-helper", ""))
			testtool.Git(t, "config", "core.askPass", marker(t, ran, "askpass", ""))
		}},
		{"core.alternateRefsCommand with an alternate", true, "", func(t *testing.T, bare, ran string) {
			alt := filepath.Join(t.TempDir(), "alt.git")
			testtool.Git(t, "init", "-q", "--bare", alt)
			if err := os.WriteFile(filepath.Join(".git", "objects", "info", "alternates"), []byte(filepath.Join(alt, "objects")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			testtool.Git(t, "config", "core.alternateRefsCommand", marker(t, ran, "alternaterefs", ""))
		}},
	}
	for _, c := range cases {
		for _, step := range []string{"history", "diff"} {
			t.Run(c.name+"/"+step, func(t *testing.T) {
				clone, bare := partialClone(t)
				ran := filepath.Join(t.TempDir(), "ran")
				c.set(t, bare, ran)
				err := fetchLazily(t, clone, step)
				if c.fetches && err != nil {
					t.Errorf("the blob not fetched: %v", err)
				}
				if !c.fetches && err == nil {
					t.Errorf("the blob fetched, where the transport cannot")
				}
				if strings.Contains(c.name, "uploadpack") && (err == nil || !strings.Contains(err.Error(), "sets remote.origin.uploadpack, a program git would run")) {
					t.Errorf("error %v, want one naming remote.origin.uploadpack", err)
				}
				noneRan(t, ran)
				if c.user != "" {
					if b, err := os.ReadFile(ran + ".user"); err != nil || !strings.HasPrefix(string(b), c.user+" ") {
						t.Errorf("the user's own program did not run in its place: %q, %v", b, err)
					}
				}
			})
		}
	}
}

// guardOf puts back what the user's configuration and environment say
// in place of what the repository's own sets, and refuses a name git -c
// cannot carry.
func TestGuardOf(t *testing.T) {
	entries := func(list ...string) []configEntry {
		var es []configEntry
		for _, s := range list {
			scope, kv, _ := strings.Cut(s, " ")
			key, value, _ := strings.Cut(kv, " = ")
			es = append(es, configEntry{scope, key, value})
		}
		return es
	}
	env := map[string]string{}
	lookup := func(name string) (string, bool) { v, ok := env[name]; return v, ok }
	cases := []struct {
		name      string
		entries   []configEntry
		env       map[string]string
		args, set []string
		err       string
	}{
		{"nothing of the repository's", entries("global core.sshcommand = mine", "global credential.helper = store", "system filter.lfs.clean = git-lfs clean -- %f"),
			nil, nil, nil, ""},
		{"ssh: the user's configuration", entries("global core.sshcommand = mine -i k", "local core.sshcommand = evil"),
			nil, nil, []string{"GIT_SSH_COMMAND=mine -i k"}, ""},
		{"ssh: GIT_SSH", entries("local core.sshcommand = evil"), map[string]string{"GIT_SSH": "/opt/my ssh's"},
			nil, []string{`GIT_SSH_COMMAND='/opt/my ssh'\''s'`}, ""},
		{"ssh: git's default", entries("worktree core.sshcommand = evil"), nil, nil, []string{"GIT_SSH_COMMAND=ssh"}, ""},
		{"ssh: GIT_SSH_COMMAND set", entries("local core.sshcommand = evil"), map[string]string{"GIT_SSH_COMMAND": "x"}, nil, nil, ""},
		{"askpass", entries("local core.askpass = evil"), map[string]string{"SSH_ASKPASS": "/usr/bin/ask"}, nil, []string{"GIT_ASKPASS=/usr/bin/ask"}, ""},
		{"git proxy", entries("global core.gitproxy = mine for example.com", "local core.gitproxy = evil"), nil, nil, []string{"GIT_PROXY_COMMAND="}, ""},
		{"credential helpers", entries("system credential.helper = cache", "global credential.https://example.com.helper = store", "local credential.helper = evil", "local credential.helper = evil2"),
			nil, []string{"-c", "credential.helper=", "-c", "credential.helper=cache", "-c", "credential.https://example.com.helper=store"}, nil, ""},
		{"upload-pack and alternates", entries("local remote.origin.uploadpack = evil", "local remote.up.uploadpack = evil", "local core.alternaterefscommand = evil"),
			nil, []string{"-c", "core.alternateRefsCommand=true"}, []string{"GIT_ALLOW_PROTOCOL=git:http:https"}, ""},
		{"upload-pack, GIT_ALLOW_PROTOCOL set", entries("local remote.origin.uploadpack = evil"), map[string]string{"GIT_ALLOW_PROTOCOL": "ssh:file:ext"},
			nil, []string{"GIT_ALLOW_PROTOCOL=ext"}, ""},
		{"filters and hooks", entries("local filter.Odd.name.clean = evil", "local filter.Odd.name.smudge = evil", "local hook.lint.command = evil", "local hook.lint.event = post-index-change"),
			nil, []string{"-c", "filter.Odd.name.clean=", "-c", "filter.Odd.name.smudge=", "-c", "filter.Odd.name.process=", "-c", "filter.Odd.name.required=false", "-c", "hook.lint.command=true"}, nil, ""},
		{"a filter named with =", entries("local filter.a=b.clean = evil"), nil, nil, nil, `names a program in filter.a=b.clean, which copycat cannot turn off`},
		{"a hook named with =", entries("local hook.a=b.command = evil"), nil, nil, nil, `names a program in hook.a=b.command`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env = c.env
			g := guardOf(c.entries, lookup)
			if c.err != "" {
				if g.err == nil || !strings.Contains(g.err.Error(), c.err) {
					t.Errorf("error %v, want one saying %q", g.err, c.err)
				}
				return
			}
			if g.err != nil || !slices.Equal(g.args, c.args) || !slices.Equal(g.env, c.set) {
				t.Errorf("args %q, env %q, %v; want %q, %q", g.args, g.env, g.err, c.args, c.set)
			}
		})
	}
}

// parseConfigList reads git config --show-scope -z's entries, a key of
// no value among them.
func TestParseConfigList(t *testing.T) {
	got := parseConfigList("local\x00core.bare\nfalse\x00global\x00credential.helper\nA\nB\x00local\x00core.x\x00")
	want := []configEntry{{"local", "core.bare", "false"}, {"global", "credential.helper", "A\nB"}, {"local", "core.x", ""}}
	if !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}

// A filter driver whose name holds "=" (.gitattributes "*.go
// filter=a=b") cannot be turned off by git -c, which reads up to the
// first "=" as the key: git diff ran its clean program for each file
// compared. Now git is not run, and the error says why and what to do.
func TestGitRunsNoFilterNamedWithEquals(t *testing.T) {
	repo, ran := evilRepo(t, nil)
	testtool.Git(t, "config", "filter.a=b.clean", marker(t, ran, "clean", "cat"))
	testtool.Git(t, "config", "filter.a=b.process", marker(t, ran, "process", "cat"))
	testtool.WriteFiles(t, ".", map[string]string{".gitattributes": "*.go filter=a=b\n"})
	for _, step := range []string{"-new-from-rev", "history"} {
		var err error
		if step == "history" {
			_, _, err = OpenObjects(repo.Root)
		} else {
			_, _, err = OpenAt(repo.Root, "HEAD~1")
		}
		if err == nil || !strings.Contains(err.Error(), "filter.a=b.clean, which copycat cannot turn off") || !strings.Contains(err.Error(), "git config --unset-all 'filter.a=b.clean'") {
			t.Errorf("%s: %v, want an error naming filter.a=b.clean and how to remove it", step, err)
		}
	}
	if r, _, err := OpenAt(repo.Root, "HEAD"); err == nil {
		r.diffAll(strings.TrimSpace(testtool.Git(t, "rev-parse", "HEAD~1"))) // as the old code did
	}
	noneRan(t, ran)
}
