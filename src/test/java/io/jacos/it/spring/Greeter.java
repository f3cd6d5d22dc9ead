package io.jacos.it.spring;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.cloud.context.config.annotation.RefreshScope;
import org.springframework.stereotype.Component;

/** A bean that reads a property once, when it is made: only a refresh of its scope can show a new value. */
@Component
@RefreshScope
public class Greeter {

    private final String greeting;

    public Greeter(@Value("${greeting}") String greeting) {
        this.greeting = greeting;
    }

    public String greeting() {
        return greeting;
    }
}
