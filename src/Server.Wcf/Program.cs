using RpcCompare.Server.Common;
using RpcCompare.Server.Wcf;
using RpcCompare.Stacks;

return StackHost.RunOrExplain(() =>
{
    if (HostArguments.Normalize(StackCatalog.Wcf, args) is not { } normalized)
    {
        return null;
    }
    var builder = WebApplication.CreateBuilder(normalized);
    builder.AddWcfHost();
    var app = builder.Build();
    app.ReportWhenReady();
    return app;
});
