using RpcCompare.Hosting;
using RpcCompare.Protocols.GraphQl;
using RpcCompare.Server.GraphQl;

return GraphHost.RunOrExplain(() =>
{
    if (HostArguments.Normalize("GraphQL", args) is not { } normalized)
    {
        return null;
    }
    var builder = WebApplication.CreateBuilder(normalized);
    builder.AddGraphQlHost();
    var app = builder.Build();
    app.MapHealth();
    app.MapGraphQl("/graphql");
    app.ReportWhenReady();
    return app;
});
