package io.jacos.it.config;

/**
 * The service {@link DubboIT}'s provider exports. A top-level public interface, as an application's is: Dubbo names
 * the interface-to-application mapping after it (data id = the interface's name), and a nested type's {@code $} is
 * no valid data id, on Nacos as here.
 */
public interface GreetingService {

    String greet(String name);
}
