package change

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// A repository's own configuration (.git/config, its config.worktree,
// and the files they include) comes with it when it is copied whole: an
// archive, a CI cache restored, a folder shared, a test's fixture used
// as a repository. git runs the programs it names on commands copycat
// reads with, and above all when, in a partial clone, it fetches an
// object it lacks from the repository's remote: the ssh command
// (core.sshCommand), the proxy of git:// (core.gitProxy), the remote's
// upload-pack, the credential helpers and the askpass program of https,
// the command that lists an alternate's refs (core.alternateRefsCommand);
// git diff runs the filter drivers, and gits from 2.54 the hooks the
// configuration defines (hook.<name>.command). gitSafe turns off those of
// fixed names (the fsmonitor, the hooks folder, signatures); a guard
// turns off those the repository's own configuration sets, each put back
// to what the user's configuration (global, system, or git -c) says, or
// to git's default: the user's own settings and environment work as
// before (GIT_SSH_COMMAND, GIT_ASKPASS and GIT_PROXY_COMMAND, set, are
// left as they are, and git prefers them to any configuration).

// guardKeys are the sections of the keys a guard looks at.
const guardKeys = `^(core|credential|filter|hook|remote)\.`

// A guard is what every git command copycat runs in a repository takes
// so that git runs no program the repository's own configuration names:
// options (-c) and environment variables. err, when set, is why that
// cannot be done, and no git command runs.
type guard struct {
	args []string
	env  []string
	err  error
	// uploadPack is a remote's upload-pack (remote.<name>.uploadpack)
	// that the repository's own configuration sets: git runs it to fetch
	// over file and ssh, where it is the first value met that counts, so
	// that no git -c can put another in its place. The guard takes both
	// transports from those git may fetch over.
	uploadPack string
	// files are the files of rules core.attributesfile and
	// core.excludesfile name, as git reads them (see specialGitFile).
	files map[string]string
}

// A configEntry is one value of git's configuration, as git config
// --show-scope lists it: key with its section and name lowercased.
type configEntry struct {
	scope, key, value string
}

// own reports whether e is of the repository's own configuration (its
// config, config.worktree, or a file they include).
func (e configEntry) own() bool { return e.scope == "local" || e.scope == "worktree" }

// parseConfigList reads git config --show-scope -z --get-regexp's output:
// entries "<scope>\x00<key>\n<value>\x00", or "<scope>\x00<key>\x00" for a
// key of no value.
func parseConfigList(out string) []configEntry {
	var entries []configEntry
	fields := strings.Split(out, "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		key, value, _ := strings.Cut(fields[i+1], "\n")
		entries = append(entries, configEntry{fields[i], key, value})
	}
	return entries
}

// splitKey splits a key into its section, subsection ("" if none) and
// name: the subsection is what lies between the first dot and the last.
func splitKey(key string) (section, sub, name string) {
	first, last := strings.IndexByte(key, '.'), strings.LastIndexByte(key, '.')
	if first < 0 {
		return key, "", ""
	}
	if first == last {
		return key[:first], "", key[last+1:]
	}
	return key[:first], key[first+1 : last], key[last+1:]
}

// guardOf is the guard for a repository whose configuration, for the keys
// of guardKeys, is entries, in git's order (system, global, local,
// worktree, command), in an environment that lookup reads.
func guardOf(entries []configEntry, lookup func(string) (string, bool)) guard {
	var g guard
	// The user's value of each key: the last of the scopes not the
	// repository's.
	user := map[string]string{}
	for _, e := range entries {
		if !e.own() {
			user[e.key] = e.value
		}
		if e.key == "core.attributesfile" || e.key == "core.excludesfile" {
			if g.files == nil {
				g.files = map[string]string{}
			}
			g.files[e.key] = e.value
		}
	}
	done := map[string]bool{}
	set := func(key, value string) {
		if _, sub, _ := splitKey(key); strings.Contains(sub, "=") && g.err == nil {
			// git -c reads up to the first "=" as the key.
			g.err = fmt.Errorf("the repository's own configuration (.git/config, or a file it includes) names a program in %s, which copycat cannot turn off for git, the name holding \"=\": remove it (git config --unset-all '%s')", key, key)
		}
		g.args = append(g.args, "-c", key+"="+value)
	}
	setenv := func(name string, value func() string) {
		if _, ok := lookup(name); !ok {
			g.env = append(g.env, name+"="+value())
		}
	}
	for _, e := range entries {
		section, sub, name := splitKey(e.key)
		if !e.own() || done[section+"\x00"+sub+"\x00"+name] {
			continue
		}
		done[section+"\x00"+sub+"\x00"+name] = true
		switch {
		case section == "filter" && sub != "":
			if !done["filter\x00"+sub] {
				done["filter\x00"+sub] = true
				for _, v := range []string{"clean", "smudge", "process"} {
					set("filter."+sub+"."+v, "")
				}
				set("filter."+sub+".required", "false")
			}
		case section == "core" && sub == "" && name == "sshcommand":
			setenv("GIT_SSH_COMMAND", func() string {
				if v, ok := user[e.key]; ok {
					return v
				}
				if v, ok := lookup("GIT_SSH"); ok && v != "" {
					return shellQuote(v)
				}
				return "ssh"
			})
		case section == "core" && sub == "" && name == "gitproxy":
			// The first entry that matches the host wins, and the
			// repository's come after the user's: none is used.
			setenv("GIT_PROXY_COMMAND", func() string { return "" })
		case section == "core" && sub == "" && name == "askpass":
			setenv("GIT_ASKPASS", func() string {
				if v, ok := user[e.key]; ok {
					return v
				}
				v, _ := lookup("SSH_ASKPASS")
				return v
			})
		case section == "core" && sub == "" && name == "alternaterefscommand":
			set("core.alternateRefsCommand", userOr(user, e.key, "true"))
		case section == "credential" && name == "helper":
			if !done["credential"] {
				done["credential"] = true
				// An empty helper empties the list; then the user's
				// own, in their order.
				g.args = append(g.args, "-c", "credential.helper=")
				for _, u := range entries {
					if _, usub, uname := splitKey(u.key); !u.own() && strings.HasPrefix(u.key, "credential.") && uname == "helper" && !strings.Contains(usub, "=") {
						g.args = append(g.args, "-c", u.key+"="+u.value)
					}
				}
			}
		case section == "remote" && sub != "" && name == "uploadpack":
			if g.uploadPack == "" {
				g.uploadPack = e.key
				allowed := allowedProtocols
				if v, ok := lookup("GIT_ALLOW_PROTOCOL"); ok {
					allowed = v
				}
				kept := slices.DeleteFunc(strings.Split(allowed, ":"), func(p string) bool { return p == "file" || p == "ssh" })
				g.env = append(g.env, "GIT_ALLOW_PROTOCOL="+strings.Join(kept, ":"))
			}
		case section == "hook" && sub != "" && name == "command":
			set(e.key, userOr(user, e.key, "true"))
		}
	}
	return g
}

// userOr is the user's value of key, else def.
func userOr(user map[string]string, key, def string) string {
	if v, ok := user[key]; ok {
		return v
	}
	return def
}

// shellQuote quotes s as one word of the shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// guard returns the repository's guard, read once.
func (r *Repo) guard() *guard {
	r.guarded.once.Do(func() {
		args := []string{"config", "--show-scope", "-z", "--get-regexp", guardKeys}
		cmd := gitCommandContext(cmp.Or(r.ctx, context.Background()), r.Root, args...)
		killOnCancel(cmd)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		out, err := cmd.Output()
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee) && ee.ExitCode() == 1:
			// No key found.
		case errors.As(err, &ee):
			r.guarded.g.err = gitError(args, strings.TrimSpace(errb.String()), nil)
			return
		case err != nil:
			r.guarded.g.err = fmt.Errorf("git: %w", err)
			return
		}
		r.guarded.g = guardOf(parseConfigList(string(out)), os.LookupEnv)
	})
	return &r.guarded.g
}
