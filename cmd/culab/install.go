package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/culab/culab/kernel/kernelspec"
)

// runInstall writes, lists or removes the "Go (culab)" kernelspec.
func runInstall(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("install", flag.ContinueOnError)
	fs.SetOutput(stderr)
	user := fs.Bool("user", false, "install for this user (the default)")
	sysPrefix := fs.Bool("sys-prefix", false, "install into the Python environment Jupyter runs from")
	prefix := fs.String("prefix", "", "install into `DIR`/share/jupyter")
	list := fs.Bool("list", false, "list installed culab kernelspecs")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	n := 0
	for _, set := range []bool{*user, *sysPrefix, *prefix != ""} {
		if set {
			n++
		}
	}
	if n > 1 {
		return fmt.Errorf("choose one of --user, --sys-prefix, --prefix")
	}
	if *list {
		specs, err := kernelspec.List()
		if err != nil {
			return err
		}
		if len(specs) == 0 {
			fmt.Fprintln(stdout, "no culab kernelspec installed")
		}
		for _, s := range specs {
			fmt.Fprintf(stdout, "%s\t%s\t%s\n", s.Name, s.Version, s.Dir)
		}
		return nil
	}
	spec, err := kernelspec.Install(kernelspec.Options{SysPrefix: *sysPrefix, Prefix: *prefix, Version: version})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "installed kernelspec %q (%s) in %s\n", spec.Name, spec.DisplayName, spec.Dir)
	return nil
}

// runUninstall removes the kernelspec from the place install would use.
func runUninstall(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("uninstall", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sysPrefix := fs.Bool("sys-prefix", false, "remove from the Python environment Jupyter runs from")
	prefix := fs.String("prefix", "", "remove from `DIR`/share/jupyter")
	fs.Bool("user", false, "remove the user's kernelspec (the default)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir, err := kernelspec.Uninstall(kernelspec.Options{SysPrefix: *sysPrefix, Prefix: *prefix})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "removed %s\n", dir)
	return nil
}
