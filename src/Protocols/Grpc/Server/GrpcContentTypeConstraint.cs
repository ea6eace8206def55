using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace RpcCompare.Protocols.Grpc;

/// <summary>Lets the catch-all endpoint match only requests that claim to be gRPC calls.</summary>
internal sealed class GrpcContentTypeConstraint : IRouteConstraint
{
    public bool Match(HttpContext? httpContext, IRouter? route, string routeKey, RouteValueDictionary values, RouteDirection routeDirection) =>
        routeDirection == RouteDirection.UrlGeneration || GrpcProtocol.IsGrpcContentType(httpContext?.Request.ContentType);
}
