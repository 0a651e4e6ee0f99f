module github.com/traefik/yaegi

go 1.22
