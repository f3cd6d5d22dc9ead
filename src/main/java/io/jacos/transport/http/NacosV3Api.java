package io.jacos.transport.http;

import io.jacos.transport.http.auth.LoginV3Resource;
import io.jacos.transport.http.config.ConfigAdminV3Resource;
import io.jacos.transport.http.config.ConfigClientV3Resource;
import io.jacos.transport.http.config.ConfigExportV3Resource;
import io.jacos.transport.http.config.ConfigImportV3Resource;
import io.jacos.transport.http.config.ConfigListenedByIpV3Resource;
import io.jacos.transport.http.config.ConfigHistoryV3Resource;
import io.jacos.transport.http.config.ConfigListenersV3Resource;
import io.jacos.transport.http.config.ConfigOpsV3Resource;
import io.jacos.transport.http.console.NamespaceV3Resource;
import io.jacos.transport.http.console.ServerStateV3Resource;
import io.jacos.transport.http.core.ClusterNodesV3Resource;
import io.jacos.transport.http.core.CoreOpsV3Resource;
import io.jacos.transport.http.core.ServerLoaderV3Resource;
import io.jacos.transport.http.v1.V1Errors;
import io.jacos.transport.http.v2.ClientAdminV3Resource;
import io.jacos.transport.http.v2.InstanceAdminV3Resource;
import io.jacos.transport.http.v2.InstanceClusterAdminV3Resource;
import io.jacos.transport.http.v2.NamingHealthAdminV3Resource;
import io.jacos.transport.http.v2.OperatorAdminV3Resource;
import io.jacos.transport.http.v2.InstanceClientV3Resource;
import io.jacos.transport.http.v2.ServiceAdminV3Resource;
import io.jacos.transport.http.v2.V2Errors;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code /nacos/v3}: the login nacos-client 3.x tries first ({@code auth/user/login}; the client falls back to the
 * v1 login when this answers 404), and the admin ({@code /admin/...}) and client ({@code /client/...}) routes of
 * Nacos 3's maintainer SDK. Nacos 3 answers failures in the same envelope as v2 (HTTP status, code, short text,
 * detail in {@code data}), so the v2 mappers serve here; a refused login stays plain text, as the clients read it.
 */
@ApplicationPath("v3")
public class NacosV3Api extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(List.of(LoginV3Resource.class, ConfigAdminV3Resource.class,
                ConfigHistoryV3Resource.class, ConfigClientV3Resource.class, InstanceClientV3Resource.class,
                ServiceAdminV3Resource.class, InstanceAdminV3Resource.class, NamespaceV3Resource.class,
                ServerStateV3Resource.class, ClusterNodesV3Resource.class, ConfigListenersV3Resource.class,
                ConfigListenedByIpV3Resource.class, ConfigImportV3Resource.class, ConfigExportV3Resource.class,
                ClientAdminV3Resource.class, NamingHealthAdminV3Resource.class,
                InstanceClusterAdminV3Resource.class, OperatorAdminV3Resource.class, ServerLoaderV3Resource.class,
                CoreOpsV3Resource.class, ConfigOpsV3Resource.class,
                V1Errors.LoginRefused.class,
                V2Errors.Refused.class, V2Errors.Denied.class, V2Errors.Unreadable.class, V2Errors.UnknownPath.class,
                V2Errors.WrongMethod.class, V2Errors.Protocol.class, V2Errors.Unexpected.class));
        classes.addAll(ApiFilters.ALL);
        return classes;
    }

    @Override
    public Map<String, Object> getProperties() {
        return NacosV1Api.NO_WADL;
    }
}
