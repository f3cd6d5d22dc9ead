package io.jacos.transport.http;

import io.jacos.transport.http.v2.V2Errors;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code /nacos/admin} API the console uses: JSON in, the v2 envelope out, and the v2 error mappers, so a
 * refusal reads the same as on the v2 open API. Resources are listed, one per line, not scanned.
 */
@ApplicationPath("admin")
public class NacosAdminApi extends Application {

    private static final List<Class<?>> RESOURCES = List.of(
            io.jacos.transport.http.admin.NamespacesAdminResource.class,
            io.jacos.transport.http.admin.ServicesAdminResource.class,
            io.jacos.transport.http.admin.InstancesAdminResource.class,
            io.jacos.transport.http.admin.SubscribersAdminResource.class,
            io.jacos.transport.http.admin.ServiceHistoryResource.class,
            io.jacos.transport.http.admin.ConfigsAdminResource.class,
            io.jacos.transport.http.config.ConfigListenersAdminResource.class,
            io.jacos.transport.http.admin.ConnectionsResource.class,
            io.jacos.transport.http.admin.ServerResource.class,
            io.jacos.transport.http.admin.ServerClusterResource.class,
            io.jacos.transport.http.admin.UsersAdminResource.class,
            io.jacos.transport.http.admin.RolesAdminResource.class,
            io.jacos.transport.http.admin.PermissionsAdminResource.class,
            io.jacos.transport.http.admin.AuthAdminResource.class,
            io.jacos.transport.http.admin.ConfigArchiveAdminResource.class
    );

    private static final List<Class<?>> MAPPERS = List.of(
            io.jacos.transport.http.admin.AdminErrors.Refused.class,
            io.jacos.transport.http.admin.AdminErrors.Violated.class,
            io.jacos.transport.http.admin.AdminErrors.UserChangeRefused.class,
            io.jacos.transport.http.admin.AdminErrors.LoginRefused.class,
            io.jacos.transport.http.admin.AdminErrors.Denied.class,
            V2Errors.Unreadable.class,
            V2Errors.UnknownPath.class,
            V2Errors.WrongMethod.class,
            V2Errors.Protocol.class,
            V2Errors.Unexpected.class
    );

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new java.util.HashSet<>(RESOURCES);
        classes.addAll(MAPPERS);
        classes.addAll(ApiFilters.ALL);
        return classes;
    }

    @Override
    public Map<String, Object> getProperties() {
        return NacosV1Api.NO_WADL;
    }
}
