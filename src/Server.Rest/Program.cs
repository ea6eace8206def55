using RpcCompare.Server.Common;
using RpcCompare.Server.Rest;
using RpcCompare.Stacks;

return StackHost.RunOrExplain(() =>
{
    if (HostArguments.Normalize(StackCatalog.Rest, args, RestHost.Options) is not { } normalized)
    {
        return null;
    }
    var builder = WebApplication.CreateBuilder(normalized);
    builder.AddRestHost();
    var app = builder.Build();
    app.UseRestErrors();
    app.UseRateLimiter();
    app.MapHealth();
    app.MapGraphRest();
    app.ReportWhenReady();
    return app;
});
