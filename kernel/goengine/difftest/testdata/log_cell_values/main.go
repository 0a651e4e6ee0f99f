package main

import (
	"log"
	"os"
)

type Status int

func (s Status) String() string { return [...]string{"ok", "failed"}[s] }

type Job struct {
	Name   string
	Status Status
	tries  int
}

func main() {
	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	log.SetPrefix("job: ")
	j := Job{"build", 1, 2}
	log.Println(j.Status, []Status{0, 1})
	log.Printf("%v %+v %T", j, j, j.Status)
	log.Print(j, " done")
	l := log.New(os.Stdout, "custom: ", 0)
	l.Println("plain", 3)
}
