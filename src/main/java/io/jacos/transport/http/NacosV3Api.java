package io.jacos.transport.http;

import io.jacos.transport.http.auth.LoginV3Resource;
import io.jacos.transport.http.v1.V1Errors;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code /nacos/v3}: the login nacos-client 3.x tries first ({@code auth/user/login}); the client falls back to the
 * v1 login when this answers 404. Errors in plain text, as the v1 API answers them.
 */
@ApplicationPath("v3")
public class NacosV3Api extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(List.of(LoginV3Resource.class, V1Errors.Refused.class,
                V1Errors.Denied.class, V1Errors.Unreadable.class, V1Errors.LoginRefused.class, V1Errors.UnknownPath.class,
                V1Errors.WrongMethod.class, V1Errors.Protocol.class, V1Errors.Unexpected.class));
        classes.addAll(ApiFilters.ALL);
        return classes;
    }

    @Override
    public Map<String, Object> getProperties() {
        return NacosV1Api.NO_WADL;
    }
}
