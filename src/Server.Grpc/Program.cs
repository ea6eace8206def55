using RpcCompare.Definitions;
using RpcCompare.Hosting;
using RpcCompare.Server.Grpc;

return StackHost.RunOrExplain(() =>
{
    if (HostArguments.Normalize(StackCatalog.Grpc, args) is not { } normalized)
    {
        return null;
    }
    var builder = WebApplication.CreateBuilder(normalized);
    builder.AddGrpcHost();
    var app = builder.Build();
    app.MapGraphGrpc();
    app.ReportWhenReady();
    return app;
});
