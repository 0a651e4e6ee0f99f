package main

import (
	"fmt"
	"reflect"
)

type Config struct {
	Host    string `env:"HOST" default:"localhost"`
	Port    int    `env:"PORT" default:"8080"`
	Verbose bool
}

func main() {
	t := reflect.TypeOf(Config{})
	fmt.Println(t.Name(), t.Kind(), t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fmt.Printf("%s %s env=%q default=%q\n", f.Name, f.Type, f.Tag.Get("env"), f.Tag.Get("default"))
	}
	v := reflect.ValueOf(Config{"h", 1, true})
	fmt.Println(v.Field(1).Int(), v.FieldByName("Host").String())
	fmt.Println(reflect.TypeOf([]map[string]*int{}).Elem().Key(), reflect.TypeOf(3.5).Kind() == reflect.Float64)
}
