package io.jacos.it.spring;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application under test: auto-configuration as Boot gives it, and the beans of this package. */
@SpringBootApplication
public class ShopApplication {
}
