package io.jacos.transport.http.auth;

import io.jacos.auth.LoginService;
import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;

/** {@code POST /nacos/v3/auth/user/login}, which nacos-client 3.x tries first (name and password as parameters). */
@Path("auth/user/login")
@ApplicationScoped
public class LoginV3Resource {

    private LoginService logins;
    private ParsedRequest request;
    private HttpJson json;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public LoginV3Resource() {
    }

    @Inject
    public LoginV3Resource(LoginService logins, ParsedRequest request, HttpJson json) {
        this.logins = logins;
        this.request = request;
        this.json = json;
    }

    @POST
    @Access(Need.OPEN)
    public Response login(@Context HttpServletRequest servlet) {
        return LoginAnswers.login(logins, json, request.params().get("username"), request.params().get("password"),
                servlet.getRemoteAddr());
    }
}
