package main

import (
	"flag"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	u, err := url.Parse("postgres://user:pass@host.com:5432/path?k=v&k=w#frag")
	fmt.Println(err, u.Scheme, u.User.Username(), u.Host, u.Hostname(), u.Port(), u.Path, u.Fragment)
	q := u.Query()
	fmt.Println(q["k"], q.Get("k"), q.Encode())
	v := url.Values{}
	v.Set("name", "a b&c")
	v.Add("x", "1")
	fmt.Println(v.Encode(), url.QueryEscape("a/b c"), url.PathEscape("a/b c"))
	fs := flag.NewFlagSet("prog", flag.ContinueOnError)
	n := fs.Int("n", 1, "count")
	name := fs.String("name", "anon", "who")
	verbose := fs.Bool("v", false, "verbose")
	var tags listFlag
	fs.Var(&tags, "tag", "tags")
	err = fs.Parse([]string{"-n", "3", "-v", "--name=bo", "-tag", "a", "-tag", "b", "rest", "more"})
	fmt.Println(err, *n, *name, *verbose, tags, fs.Args(), fs.NArg())
	fmt.Println(filepath.Join("a", "b/../c", "d.txt"), filepath.Ext("x.tar.gz"), filepath.Base("/a/b.go"), filepath.Dir("/a/b.go"))
	m, _ := filepath.Match("*.go", "main.go")
	fmt.Println(m, filepath.Clean("/a//b/./c/.."), strings.TrimSuffix("main.go", filepath.Ext("main.go")))
}
