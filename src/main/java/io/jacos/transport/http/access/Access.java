package io.jacos.transport.http.access;

import io.jacos.auth.Need;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a resource method needs of its caller when auth is on. On a method, or on its class for every method of it
 * that says nothing itself; a method with neither is refused to everyone. READ and WRITE name the namespace the
 * grant is needed in ({@link Scope}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Access {

    Need value();

    /** Where the namespace of a READ or WRITE comes from. */
    Scope namespace() default Scope.PARAMETER;

    /**
     * What in the namespace a READ or WRITE acts on. {@link Target#NAMESPACE} (the default) needs a grant on the
     * whole namespace; the others check the configuration or service the request names, read from the parameters
     * its handler reads ({@code io.jacos.transport.http.request.ParsedRequest#configResource},
     * {@code #namingResource}), which a narrower grant may cover.
     */
    Target target() default Target.NAMESPACE;

    /**
     * Whether {@code Authorization: Basic} (a user's name and password) is taken in place of a token, for callers
     * that can only send fixed credentials (Prometheus). Each such call costs a password check.
     */
    boolean basicCredentials() default false;

    enum Scope {
        /** The request parameter {@code namespaceId}, {@code public} when absent: what the method itself reads. */
        PARAMETER,
        /** The path parameter {@code namespaceId}. */
        PATH,
        /** The request parameter {@code tenant}, as the configuration API names the namespace. */
        TENANT,
        /** The request parameter {@code namespace}, where a configuration import writes. */
        IMPORT,
        /** The namespaces of a configuration long poll's {@code Listening-Configs}: one, or a grant for {@code *}. */
        LISTENING,
        /** Every namespace: the grant must be for {@code *}. */
        ALL
    }

    enum Target {
        NAMESPACE,
        /** {@code group} and {@code dataId}: the v1 and v2 configuration API. */
        CONFIG,
        /** {@code group} and {@code dataId} of a configuration's history, whose {@code search} lists one's changes. */
        CONFIG_HISTORY,
        /** {@code groupName} and {@code dataId}: the v3 configuration API. */
        CONFIG_V3,
        /** {@code serviceName}, grouped ({@code GRP@@name}) or with {@code groupName}: the v1 naming API. */
        NAMING,
        /** A bare {@code serviceName} with {@code groupName}: the v2 and v3 naming API. */
        NAMING_V2
    }
}
