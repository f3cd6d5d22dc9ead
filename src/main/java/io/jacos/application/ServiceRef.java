package io.jacos.application;

/** A service as a transport names it: raw namespace, group and bare name, any of which may be blank. */
public record ServiceRef(String namespace, String group, String name) {
}
